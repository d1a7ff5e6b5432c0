"""A minimal Chrome DevTools Protocol client over a WebSocket (RFC 6455), standard library only: enough to evaluate
JavaScript in a page and take a screenshot, which is all the browser check's user flow needs. Used by drive.py."""
import base64, json, os, socket, struct, time, urllib.request


def page_websocket(profile_dir, timeout=30):
    """The WebSocket URL of the first page target of a Chromium started with --remote-debugging-port=0 and
    --user-data-dir=profile_dir (Chromium writes the port it chose to DevToolsActivePort there)."""
    deadline = time.time() + timeout
    path = os.path.join(profile_dir, "DevToolsActivePort")
    while time.time() < deadline:
        if os.path.exists(path):
            lines = open(path).read().split()
            if lines:
                with urllib.request.urlopen(f"http://127.0.0.1:{lines[0]}/json/list", timeout=5) as response:
                    pages = [t for t in json.load(response) if t.get("type") == "page"]
                if pages:
                    return pages[0]["webSocketDebuggerUrl"]
        time.sleep(0.2)
    raise RuntimeError("Chromium did not open its DevTools port")


class Cdp:
    def __init__(self, url, timeout=60):
        assert url.startswith("ws://")
        host_port, path = url[len("ws://"):].split("/", 1)
        host, port = host_port.rsplit(":", 1)
        self._socket = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self._socket.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self._socket.recv(1)
            if not chunk:
                raise RuntimeError("DevTools closed the connection during the handshake")
            response += chunk
        if b" 101 " not in response.split(b"\r\n", 1)[0]:
            raise RuntimeError("DevTools refused the WebSocket: " + response.split(b"\r\n", 1)[0].decode(errors="replace"))
        self._id = 0

    def call(self, method, **params):
        """Sends one command and returns its result, skipping the events that arrive meanwhile."""
        self._id += 1
        self._send(json.dumps({"id": self._id, "method": method, "params": params}).encode())
        while True:
            message = json.loads(self._receive())
            if message.get("id") == self._id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def evaluate(self, expression):
        """Evaluates JavaScript in the page (awaiting a promise) and returns its value."""
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails'].get('exception', {}).get('description', result['exceptionDetails'])}")
        return result["result"].get("value")

    def close(self):
        self._socket.close()

    # A client frame is masked (RFC 6455 5.3); lengths over 125 use the 16- or 64-bit extended forms (5.2).
    def _send(self, payload, opcode=0x1):
        header = bytearray([0x80 | opcode])
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        header += mask
        self._socket.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _exactly(self, n):
        data = b""
        while len(data) < n:
            chunk = self._socket.recv(n - len(data))
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            data += chunk
        return data

    def _receive(self):
        message = b""
        while True:
            first, second = self._exactly(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exactly(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exactly(8))[0]
            mask = self._exactly(4) if second & 0x80 else None
            data = self._exactly(length)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            opcode = first & 0x0F
            if opcode == 0x9:  # ping: answer, keep reading
                self._send(data, opcode=0xA)
                continue
            if opcode == 0x8:
                raise RuntimeError("DevTools closed the WebSocket")
            message += data
            if first & 0x80:
                return message.decode()


def png_pixels(png):
    """Decodes an 8-bit RGB or RGBA PNG (what Chromium's screenshots are) into (width, height, rows of bytes)."""
    import zlib
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat, header = 8, b"", None
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):  # PNG filters (ISO/IEC 15948 9.2): None, Sub, Up, Average, Paeth
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows
