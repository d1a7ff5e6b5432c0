#!/usr/bin/env python3
"""Serve the published browser demo on loopback, open it in headless Chromium with ?check=1, and wait for the page to
post its self-test (and benchmark) report to /report. Writes the report as JSON, prints a summary, and exits non-zero
when the report never came or any check failed. Used by scripts/browser-check.sh; no third-party packages."""
import argparse, http.server, json, os, shutil, socketserver, subprocess, sys, tempfile, threading, time
import cdp, user_flow

parser = argparse.ArgumentParser()
parser.add_argument("root", help="the published wwwroot folder")
parser.add_argument("--out", required=True, help="where to write the report (JSON)")
parser.add_argument("--bench", action="store_true", help="also run the page's short benchmark")
parser.add_argument("--cell", type=float, default=0, help="seconds per benchmark cell (the page's default: 0.1)")
parser.add_argument("--timeout", type=float, default=600,
                    help="seconds to wait for the report with no sign of life (the benchmark posts its progress after each cell)")
parser.add_argument("--no-flow", action="store_true", help="skip the user flow through the page's controls")
parser.add_argument("--screenshot", default="artifacts/browser/user-flow.png", help="where the user flow's screenshot goes")
args = parser.parse_args()

report = {}
arrived = threading.Event()
alive = threading.Event()   # set by each progress post of the benchmark

class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
                      ".json": "application/json", ".dat": "application/octet-stream", ".dll": "application/octet-stream"}

    def __init__(self, *a, **k):
        super().__init__(*a, directory=args.root, **k)

    def do_POST(self):
        path = self.path.rstrip("/")
        if path not in ("/report", "/progress"):
            self.send_error(404)
            return
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        self.send_response(204)
        self.end_headers()
        if path == "/progress":
            print(f"browser benchmark: {body['numbers']} numbers, {body['cell']} done, {body['seconds']:.0f} s", flush=True)
            alive.set()
            return
        report.update(body)
        arrived.set()

    def log_message(self, *a):
        pass

socketserver.TCPServer.allow_reuse_address = True
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
port = server.server_address[1]
threading.Thread(target=server.serve_forever, daemon=True).start()

url = f"http://127.0.0.1:{port}/?check=1" + ("&bench=1" if args.bench else "") + (f"&cell={args.cell}" if args.cell else "")
chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
if not chromium:
    sys.exit("browser check: no Chromium on PATH (scripts/browser-check.sh installs Debian's chromium)")
profile = tempfile.mkdtemp(prefix="panicode-chromium-")
# The flags a headless run needs on a closed-network machine (no background connections, no sandbox as root).
flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-background-timer-throttling", "--disable-renderer-backgrounding", "--window-size=1280,2400",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", url]
started = time.time()
browser = subprocess.Popen([chromium, *flags], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
flow = None
try:
    # The self-test reports within minutes; the benchmark takes as long as its slowest cells, so the wait ends only
    # when --timeout seconds pass with neither the report nor a progress post.
    ok = False
    while not ok:
        alive.clear()
        ok = arrived.wait(args.timeout)
        if not ok and not alive.is_set():
            break
    if ok and not args.no_flow:
        # The self-test has reported; now a user's visit, through the page's own controls (user_flow.py).
        flow = user_flow.run(cdp.Cdp(cdp.page_websocket(profile)), f"http://127.0.0.1:{port}/", args.screenshot)
finally:
    browser.terminate()
    try:
        browser.wait(10)
    except subprocess.TimeoutExpired:
        browser.kill()
    server.shutdown()
    shutil.rmtree(profile, ignore_errors=True)

if not ok:
    sys.exit(f"browser check: no report or progress from {url} for {args.timeout:.0f} s (the page did not load, crashed or hung)")

report["seconds"] = round(time.time() - started, 1)
report["chromium"] = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
with open(args.out, "w") as f:
    json.dump(report, f, indent=1, ensure_ascii=False)

checks = report.get("checks", [])
failed = [c for c in checks if not c["passed"]]
print(f"browser check: {report['chromium']}, {report.get('runtime')}: {len(checks)} checks, {len(failed)} failed, "
      f"{len(report.get('benchmark', []))} benchmark numbers, {report['seconds']} s")
for c in failed:
    print(f"  FAILED {c['algorithm']} [{c['flavour']}] {c['check']}: {c['detail']}")
bench_error = report.get("benchmarkError")
if bench_error:
    print(f"  FAILED the benchmark: {bench_error}")
algorithms = {(c["algorithm"], c["flavour"]) for c in checks}
print(f"  {len(algorithms)} algorithm/flavour pairs checked")
flow_failed = []
if flow is not None:
    report["userFlow"] = flow
    with open(args.out, "w") as f:
        json.dump(report, f, indent=1, ensure_ascii=False)
    flow_failed = [step for step in flow if not step["passed"]]
    print(f"browser user flow: {len(flow)} steps through the page's controls, {len(flow_failed)} failed; screenshot {args.screenshot}")
    for step in flow_failed:
        print(f"  FAILED {step['step']}: {step['detail']}")
sys.exit(1 if failed or not checks or flow_failed or bench_error else 0)
