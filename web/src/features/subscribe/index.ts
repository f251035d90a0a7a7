/** The subscribe feature's public surface. */
export { SubscribeModal } from './subscribe-modal';
