// The rules matrix, shard 1 (matrix-cases.ts holds the cases and how they are shared out).
import { registerMatrixShard } from './matrix-cases';

registerMatrixShard(1);
