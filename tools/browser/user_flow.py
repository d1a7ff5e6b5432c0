"""The browser check's user flow: what a visitor does on the demo page, done through the page's own controls (values
set on its inputs and selects, clicks on its buttons, which Blazor handles as it would a person's), each result
compared with a known answer from a specification; then a screenshot of the whole page, in which every result area
must show something. Used by drive.py; returns one record per step."""
import base64, os, time

import cdp

# GCM: McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", test case 4 (AES-128, 60-byte plaintext, AAD).
GCM_KEY = "feffe9928665731c6d6a8f9467308308"
GCM_NONCE = "cafebabefacedbaddecaf888"
GCM_AAD = "feedfacedeadbeeffeedfacedeadbeefabaddad2"
GCM_PLAINTEXT = ("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                 "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
GCM_SEALED = ("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
              "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091"
              "5bc94fbc3221a5db94fae95ae7121a47")
# RIPEMD-160: Dobbertin, Bosselaers and Preneel, Appendix B; HMAC-RIPEMD-160: RFC 2286, test case 1.
RIPEMD160_ABC = "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"
HMAC_KEY, HMAC_MESSAGE, HMAC_MAC = "0b" * 20, "Hi There", "24cb4bd67d20fc1a5d2ed7732dcc39377f0a5668"
# ECDSA: RFC 6979 A.2.5, P-256 with SHA-256, message "sample" (deterministic, so the signature is known). The PEM
# holds the RFC's private key x (PKCS#8, written by OpenSSL through pyca/cryptography).
P256_PRIVATE_PEM = """-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgya+p2EW6dRZrXCFX
Z7HWk05Qw9s26JsSe4piKxIPZyGhRANCAARg/tS6JVqdMclh63TGNW1owEm4kjth
+mzmaWIuYPKftnkD/hAIuLyZpBrp6VYovGTy8bIMLX6fUXejwpTURiKZ
-----END PRIVATE KEY-----"""
RFC6979_SIGNATURE = ("efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
                     "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")
# ECDH: the peer is RFC 5903 8.1's responder (public key g^r); Z with the key above as ours, computed with OpenSSL.
PEER_PUBLIC_PEM = """-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE0S37UonI1PgSCLcCcDmMNCKWlwoL
zLdMc2/HVUSUv2NW+/PKNmzCPoFXhUwTxY1qrCPwRq2jD4NT508zA5hyqw==
-----END PUBLIC KEY-----"""
ECDH_Z = "2e37ea8d4af773501b91541be97e4a2a92ca57991470f2d3b541d56db412ac37"

# The result areas the screenshot must show text in.
RESULT_AREAS = ["cipher-result", "hash-result", "sign-result", "ecdh-result"]

HELPERS = r"""
window.__flow = {
  el(id) { const e = document.getElementById(id); if (!e) throw new Error('the page has no #' + id); return e; },
  set(id, value) {
    const e = this.el(id);
    if (e.tagName === 'SELECT' && ![...e.options].some(o => o.value === value))
      throw new Error('#' + id + ' has no option ' + value + ' (options: ' + [...e.options].map(o => o.value).join(', ') + ')');
    if (e.type === 'checkbox') e.checked = (value === true || value === 'true'); else e.value = value;
    e.dispatchEvent(new Event('input', { bubbles: true }));
    e.dispatchEvent(new Event('change', { bubbles: true }));
  },
  click(id) { this.el(id).click(); },
  read(id) { const e = this.el(id); return (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA' || e.tagName === 'SELECT') ? e.value : e.textContent.trim(); },
  cls(id) { return this.el(id).className; },
};
true
"""


def run(client, url, screenshot_path):
    steps = []
    page = Page(client)
    try:
        page.open(url)
        flows(page, steps)
        steps.append(page.screenshot(screenshot_path))
    except Exception as e:  # a missing control or a page error fails the flow, with what happened
        steps.append({"step": "the flow itself", "passed": False, "detail": str(e)})
    finally:
        client.close()
    return steps


def flows(page, steps):
    def step(name, actual, expected):
        steps.append({"step": name, "passed": actual == expected,
                      "detail": "ok" if actual == expected else f"expected {expected!r}, the page shows {actual!r}"})

    def clean_error(name, area):
        message, css = page.read(area), page.cls(area)
        ok = "fail" in css and message != "" and "Format_" not in message and "SR." not in message
        steps.append({"step": name, "passed": ok, "detail": f"{css}: {message}"})

    # Authenticated encryption, hex in and out: seal, then open what was sealed.
    page.set("cipher", "AES (Rijndael)")
    page.set("mode", "GCM")
    page.set("input-format", "hex")
    page.set("key", GCM_KEY)
    page.set("iv", GCM_NONCE)
    page.set("aad", GCM_AAD)
    page.set("plaintext", GCM_PLAINTEXT)
    page.set("ciphertext", "")
    page.click("encrypt")
    step("AES-GCM seal (GCM test case 4)", page.wait_value("ciphertext"), GCM_SEALED)
    page.set("plaintext", "")
    page.click("decrypt")
    step("AES-GCM open", page.wait_value("plaintext"), GCM_PLAINTEXT)

    # A flipped tag bit and a bad hex digit: a clear message in the result area, no resource key.
    page.set("ciphertext", GCM_SEALED[:-1] + ("0" if GCM_SEALED[-1] != "0" else "1"))
    page.click("decrypt")
    page.wait(lambda: "fail" in page.cls("cipher-result"))
    clean_error("AES-GCM refuses a forged tag", "cipher-result")
    step("a forged tag leaves the plaintext box empty", page.read("plaintext"), "")
    page.set("key", "zz" + GCM_KEY[2:])
    page.click("encrypt")
    page.wait(lambda: "hex" in page.read("cipher-result").lower())
    clean_error("bad hex in the key", "cipher-result")

    # Text through a stream cipher and back.
    page.set("cipher", "KCipher-2")
    page.set("input-format", "text")
    page.click("new-key")
    page.set("plaintext", "Hello from the browser check")
    page.set("ciphertext", "")
    page.click("encrypt")
    page.wait_value("ciphertext")
    page.set("plaintext", "")
    page.click("decrypt")
    step("KCipher-2 text round trip", page.wait_value("plaintext"), "Hello from the browser check")

    # Hashing and a MAC.
    page.set("hash-algorithm", "RIPEMD-160")
    page.set("hash-input", "abc")
    page.click("hash")
    step("RIPEMD-160 of \"abc\"", page.wait_text("hash-output"), RIPEMD160_ABC)
    page.set("hash-algorithm", "HMAC-RIPEMD-160")
    page.set("mac-key", HMAC_KEY)
    page.set("hash-input", HMAC_MESSAGE)
    page.click("hash")
    step("HMAC-RIPEMD-160 (RFC 2286 case 1)", page.wait_text("hash-output", lambda v: v != RIPEMD160_ABC), HMAC_MAC)

    # Sign and verify with an imported PEM key.
    page.set("sign-algorithm", "ECDSA")
    page.set("sign-pem", P256_PRIVATE_PEM)
    page.click("import-key")
    step("the PEM key imports", page.wait_text("sign-result", lambda v: "Imported" in v or "fail" in page.cls("sign-result")),
         "Imported a 256-bit ECDSA private key (Unsafe flavour).")
    page.set("sign-hash", "SHA256")
    page.set("sign-deterministic", True)
    page.set("message", "sample")
    page.set("signature", "")
    page.click("sign")
    step("ECDSA P-256 signature of \"sample\" (RFC 6979 A.2.5)", page.wait_value("signature"), RFC6979_SIGNATURE)
    page.click("verify")
    step("the signature verifies", page.wait_text("sign-result", lambda v: "valid" in v.lower()), "The signature is valid.")
    page.set("message", "sample!")
    page.click("verify")
    step("a changed message does not verify", page.wait_text("sign-result", lambda v: "NOT" in v), "The signature is NOT valid for this message and key.")

    # ECDH with an imported peer key.
    page.set("ecdh-pem", P256_PRIVATE_PEM)
    page.set("ecdh-peer-pem", PEER_PUBLIC_PEM)
    page.click("ecdh-derive")
    step("ECDH P-256 shared secret", page.wait_text("ecdh-output"), ECDH_Z)


class Page:
    def __init__(self, client):
        self._client = client

    def open(self, url):
        self._client.call("Page.enable")
        self._client.call("Page.navigate", url=url)
        self.wait(lambda: self._client.evaluate("document.getElementById('encrypt') !== null"), timeout=180)
        self._client.evaluate(HELPERS)

    def set(self, element, value):
        self._call("set", element, value)
        time.sleep(0.05)  # Blazor renders after the event; the next control may depend on it (the mode list does)

    def click(self, element):
        self._call("click", element)

    def read(self, element):
        return self._call("read", element)

    def cls(self, element):
        return self._call("cls", element) or ""

    def wait_value(self, element):
        return self.wait_text(element)

    def wait_text(self, element, accept=lambda value: True):
        value = None

        def ready():
            nonlocal value
            value = self.read(element)
            return value != "" and accept(value)

        self.wait(ready, raise_on_timeout=False)
        return value

    def wait(self, condition, timeout=30, raise_on_timeout=True):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if condition():
                return
            time.sleep(0.1)
        if raise_on_timeout:
            raise RuntimeError(f"the page did not reach the expected state within {timeout} s")

    def screenshot(self, path):
        """The whole page as PNG; every result area must hold ink (pixels unlike the area's own background)."""
        data = self._client.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        png = base64.b64decode(data)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as f:
            f.write(png)
        width, height, channels, rows = cdp.png_pixels(png)
        empty = []
        for area in RESULT_AREAS:
            box = self._client.evaluate(
                f"(() => {{ const r = document.getElementById('{area}').getBoundingClientRect(); "
                f"return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height]; }})()")
            x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
            x1, y1 = min(width, int(box[0] + box[2])), min(height, int(box[1] + box[3]))
            pixels = [rows[y][x * channels:x * channels + 3] for y in range(y0, y1) for x in range(x0, x1)]
            background = max(set(pixels), key=pixels.count) if pixels else None
            ink = sum(1 for p in pixels if sum(abs(a - b) for a, b in zip(p, background)) > 96)
            if ink < 20:
                empty.append(f"#{area} ({x1 - x0}x{y1 - y0} px, {ink} ink pixels)")
        return {"step": "screenshot: every result area shows text", "passed": not empty,
                "detail": f"{path}, {width}x{height}" + (": blank " + ", ".join(empty) if empty else "")}

    def _call(self, method, *arguments):
        import json
        return self._client.evaluate(f"window.__flow.{method}({', '.join(json.dumps(a) for a in arguments)})")
