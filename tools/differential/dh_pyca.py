#!/usr/bin/env python3
"""Finite-field DH against OpenSSL through pyca/cryptography, for tests/Panicode.Crypto.Tests/Dh/DhPycaDifferentialTests.cs.

Reads one line per case from standard input: our SubjectPublicKeyInfo and our PKCS#8 private key (DER, hex, separated
by a space). For each, OpenSSL
  - loads our public key (PKCS #3 dhKeyAgreement or X9.42 dhpublicnumber) and makes a key of its own in the same group,
  - computes Z = y_ours ^ x_theirs mod p,
  - loads our PKCS#8 private key and reports the public value it derives from it,
and prints one line: its own PKCS#8 and SubjectPublicKeyInfo (DER, hex), Z and that public value (hex).

    python3 tools/differential/dh_pyca.py --version    prints the cryptography and OpenSSL versions (exit 3 without the module)
"""

import sys


def main():
    try:
        from cryptography.hazmat.backends.openssl import backend
        from cryptography.hazmat.primitives import serialization
        import cryptography
    except ImportError:
        sys.exit(3)
    if "--version" in sys.argv:
        print(f"cryptography {cryptography.__version__}, {backend.openssl_version_text()}")
        return
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        spki_hex, pkcs8_hex = line.split()
        ours = serialization.load_der_public_key(bytes.fromhex(spki_hex))
        theirs = ours.parameters().generate_private_key()
        z = theirs.exchange(ours)
        ours_private = serialization.load_der_private_key(bytes.fromhex(pkcs8_hex), password=None)
        y = ours_private.public_key().public_numbers().y
        width = (ours.key_size + 7) // 8
        pkcs8 = theirs.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        spki = theirs.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
        print(pkcs8.hex(), spki.hex(), z.rjust(width, b"\0").hex(), y.to_bytes(width, "big").hex(), flush=True)


if __name__ == "__main__":
    main()
