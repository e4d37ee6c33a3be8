// The room's WebSocket: JSON messages in and out, and a dropped connection reopened (after
// 0.5 s, then longer, up to 8 s) until the page closes it or the room is gone. Messages sent
// while it is down wait and go out once it is back.
const GONE = new Set([4401, 4404]); // no player cookie, no such room

export class RoomSocket {
  constructor(code, { onMessage, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/rooms/${code}/`;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.waiting = [];
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    this.socket = new WebSocket(this.url);
    this.socket.onopen = () => {
      this.delay = 500;
      this.onStatus("open");
      for (const message of this.waiting.splice(0)) this.socket.send(message);
    };
    this.socket.onmessage = (e) => {
      let message = null;
      try { message = JSON.parse(e.data); } catch (err) { return; }
      this.onMessage(message);
    };
    this.socket.onclose = (e) => {
      if (this.closed || GONE.has(e.code)) { this.onStatus(GONE.has(e.code) ? "gone" : "closed"); return; }
      this.onStatus("reconnecting");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  send(message) {
    const text = JSON.stringify(message);
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
    else this.waiting.push(text);
  }

  // For a test or a flaky network: drop the connection as the network would.
  drop() { this.socket.close(); }

  close() { this.closed = true; this.socket.close(); }
}
