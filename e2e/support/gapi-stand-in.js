// A stand-in for Google's gapi loader (apis.google.com/js/api.js), which these machines cannot
// reach. The Firebase Auth SDK and the Auth emulator's iframe use only gapi.iframes to pass
// messages between the page and the emulator's hidden iframe; this implements that part over
// window.postMessage. Served to the browser by the tests (page.route); never part of the app.
(function () {
  if (window.gapi && window.gapi.__standIn) return;
  var MARK = '__gapiStandIn';
  var nextId = 1;
  var replies = {};

  function Channel(targetWindow) {
    this.target = targetWindow;
    this.handlers = {};
    this.ready = false;
    this.readyWaiters = [];
  }
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = nextId++;
    replies[id] = callback || function () {};
    this.target.postMessage({ [MARK]: 'call', id: id, name: name, data: data }, '*');
  };
  Channel.prototype.restyle = function () {
    return Promise.resolve();
  };
  Channel.prototype.ping = function (callback) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the stand-in is served to the page as plain ES5
    var self = this;
    return new Promise(function (resolve) {
      var done = function () {
        if (callback) callback();
        resolve();
      };
      if (self.ready) done();
      else self.readyWaiters.push(done);
    });
  };

  var channels = [];
  function channelFor(source) {
    for (var i = 0; i < channels.length; i++) if (channels[i].target === source) return channels[i];
    return null;
  }

  window.addEventListener('message', function (event) {
    var msg = event.data;
    if (!msg || typeof msg !== 'object' || !msg[MARK]) return;
    var channel = channelFor(event.source);
    if (!channel) return;
    if (msg[MARK] === 'ready') {
      channel.ready = true;
      channel.readyWaiters.splice(0).forEach(function (fn) { fn(); });
    } else if (msg[MARK] === 'call') {
      var handler = channel.handlers[msg.name];
      var result = handler ? handler(msg.data) : undefined;
      event.source.postMessage({ [MARK]: 'reply', id: msg.id, data: [result] }, '*');
    } else if (msg[MARK] === 'reply') {
      var callback = replies[msg.id];
      delete replies[msg.id];
      // The SDK's callbacks may throw after handling a reply (as with the real loader, that must
      // not surface as an uncaught error).
      try {
        if (callback) callback(msg.data);
      } catch (err) {
        void err;
      }
    }
  });

  var context = {
    open: function (options, onOpen) {
      var iframe = document.createElement('iframe');
      var attrs = options.attributes || {};
      Object.keys(attrs).forEach(function (key) {
        if (key === 'style') Object.assign(iframe.style, attrs.style);
        else iframe.setAttribute(key, attrs[key]);
      });
      iframe.src = options.url;
      (options.where || document.body).appendChild(iframe);
      var channel = new Channel(iframe.contentWindow);
      channels.push(channel);
      return Promise.resolve(onOpen ? onOpen(channel) : channel);
    },
    getParentIframe: function () {
      var channel = channelFor(window.parent) || new Channel(window.parent);
      if (channels.indexOf(channel) < 0) channels.push(channel);
      window.parent.postMessage({ [MARK]: 'ready' }, '*');
      return channel;
    },
  };

  window.gapi = {
    __standIn: true,
    load: function (_name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () { if (callback) callback(); }, 0);
    },
    iframes: { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: 'cross-origin', Iframe: function () {} },
  };

  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
