#!/usr/bin/python3
"""MISTY1 oracle for the differential test (tests/Panicode.Crypto.Tests/Misty1/Misty1BotanDifferentialTests.cs).

Reads cases from stdin, one per line: "<operation> <key hex> <iv hex or -> <input hex or ->", and writes one line per
case: the output in hex, computed with Botan 2 (Debian's python3-botan, module botan2; Botan 3 has no MISTY1).

Operations:
  ecb-enc, ecb-dec        the raw block cipher on whole blocks (botan2.BlockCipher("MISTY1"))
  cbc-enc, cbc-dec        MISTY1/CBC/NoPadding
  cbc-pkcs7-enc           MISTY1/CBC/PKCS7
  cbc-pkcs7-dec
  cfb8-enc, cfb64-enc     MISTY1/CFB(8), MISTY1/CFB (64-bit segments)
  ofb, ctr                MISTY1/OFB, MISTY1/CTR (CTR-BE, the whole 8-byte block counting)
  cts-enc, cts-dec        MISTY1/CBC/CTS (ciphertext stealing, the last two blocks swapped: CBC-CS3)
  cmac                    CMAC(MISTY1), the input is the message

"python3 misty1_botan.py --version" prints Botan's version and exits; exit status 3 when botan2 is missing.
"""

import ctypes
import sys

try:
    import botan2
except ImportError:
    sys.stderr.write("botan2 (Debian package python3-botan) is not importable\n")
    sys.exit(3)

MODES = {
    "cbc": "MISTY1/CBC/NoPadding",
    "cbc-pkcs7": "MISTY1/CBC/PKCS7",
    "cfb8": "MISTY1/CFB(8)",
    "cfb64": "MISTY1/CFB",
    "ofb": "MISTY1/OFB",
    "ctr": "MISTY1/CTR",
    "cts": "MISTY1/CBC/CTS",
}


def finish(cipher, data):
    """SymmetricCipher.finish with room for a padding block: botan2.py 2.19 sizes the output buffer to the input, too
    small for the PKCS#7 block CBC encryption adds (botan_cipher_update then fails with "Invalid input")."""
    handle = cipher._SymmetricCipher__obj
    out = ctypes.create_string_buffer(len(data) + 8)
    written = ctypes.c_size_t(0)
    consumed = ctypes.c_size_t(0)
    botan2._DLL.botan_cipher_update(handle, ctypes.c_uint32(1), out, ctypes.c_size_t(len(out)), ctypes.byref(written),
                                    data, ctypes.c_size_t(len(data)), ctypes.byref(consumed))
    assert consumed.value == len(data)
    return out.raw[:written.value]


def run(operation, key, iv, data):
    if operation in ("ecb-enc", "ecb-dec"):
        cipher = botan2.BlockCipher("MISTY1")
        cipher.set_key(key)
        return bytes(cipher.encrypt(data) if operation == "ecb-enc" else cipher.decrypt(data))
    if operation == "cmac":
        mac = botan2.MsgAuthCode("CMAC(MISTY1)")
        mac.set_key(key)
        mac.update(data)
        return bytes(mac.final())
    name, _, direction = operation.rpartition("-")
    if direction not in ("enc", "dec"):
        name, direction = operation, "enc"
    cipher = botan2.SymmetricCipher(MODES[name], encrypt=direction == "enc")
    cipher.set_key(key)
    cipher.start(iv)
    return finish(cipher, data)


def main():
    if sys.argv[1:] == ["--version"]:
        print(botan2.version_string())
        return
    for line in sys.stdin:
        fields = line.split()
        if not fields:
            continue
        operation, key, iv, data = fields
        decode = lambda text: b"" if text == "-" else bytes.fromhex(text)
        try:
            result = run(operation, decode(key), decode(iv), decode(data))
        except botan2.BotanException as error:
            sys.stderr.write("case %r: %s\n" % (line.strip(), error))
            sys.exit(1)
        print(result.hex() or "-")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
