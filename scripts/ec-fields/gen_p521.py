# Generates the Mul/Sqr bodies of P521Ops (src/Panicode.Crypto.Unsafe/Ec/Arithmetic/P521Ops.cs, rewritten in place): product scanning (Comba) with the accumulator words rotating through
# three names, and the Mersenne fold streamed in as the high columns complete. Written with a few reused temporaries
# (h, l, s) rather than helper calls: hundreds of inlined helpers' temporaries exceed what the JIT tracks in
# registers, and untracked locals live on the stack.
N = 9
ACC = ["x", "y", "z"]

def mulacc(w, u, v, lo, mid, hi):
    w(f"h = Wide.Mul({u}, {v}, out l);")
    w(f"s = {lo} + l;")
    w(f"h += Wide.Carry({lo}, l, s);")
    w(f"{lo} = s;")
    w(f"s = {mid} + h;")
    w(f"{hi} += Wide.Carry({mid}, h, s);")
    w(f"{mid} = s;")

def body(sqr):
    out = []
    w = out.append
    w("ulong a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];")
    if not sqr:
        w("ulong b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7], b8 = b[8];")
    w("ulong x, y, z = 0, cc = 0, cu = 1, h, l, s;" if not sqr else "ulong x, y, z = 0, cc = 0, cu = 1, h, l, s, d0, d1, d2;")
    for k in range(0, 2 * N - 1):
        lo, mid, hi = ACC[k % 3], ACC[(k + 1) % 3], ACC[(k + 2) % 3]
        first = (k == 0)
        w("")
        if sqr:
            pairs = [(i, k - i) for i in range(N) if 0 <= k - i < N and i < k - i]
            w(f"// Column {k}" + (": the cross products, doubled" if pairs else "") + (f", then a{k//2}^2." if k % 2 == 0 and pairs else "."))
            if pairs:
                (i, j) = pairs[0]
                w(f"d1 = Wide.Mul(a{i}, a{j}, out d0);")
                w("d2 = 0;")
                for (i, j) in pairs[1:]:
                    mulacc(w, f"a{i}", f"a{j}", "d0", "d1", "d2")
                w("d2 = (d2 << 1) | (d1 >> 63);")
                w("d1 = (d1 << 1) | (d0 >> 63);")
                w("d0 <<= 1;")
                w(f"s = {lo} + d0;")
                w(f"h = Wide.Carry({lo}, d0, s);")
                w(f"{lo} = s;")
                w(f"{mid} = Limb.AddC({mid}, d1, ref h);")
                w(f"{hi} += d2 + h;")
            if k % 2 == 0:
                if first:
                    w("y = Wide.Mul(a0, a0, out x);")
                else:
                    mulacc(w, f"a{k//2}", f"a{k//2}", lo, mid, hi)
        else:
            w(f"// Column {k}.")
            for i in range(N):
                j = k - i
                if 0 <= j < N:
                    if first:
                        w("y = Wide.Mul(a0, b0, out x);")
                        first = False
                    else:
                        mulacc(w, f"a{i}", f"b{j}", lo, mid, hi)
        w(f"ulong t{k} = {lo};")
        w(f"{lo} = 0;")
        if k >= N:
            i = k - N
            w(f"h = (t{k-1} >> 9) | (t{k} << 55);")
            w(f"ulong s{i} = Limb.AddC(t{i}, h, ref cc);")
            w(f"ulong u{i} = Limb.AddC(t{i}, h, ref cu);")
    last = ACC[(2 * N - 1) % 3]
    w("")
    w(f"// t < 2^1042, so t16 < 2^18 and the column-17 word {last} is 0: h8 = t16 >> 9 < 2^9, and s8, u8 <= 2 (2^9 - 1) + 1 < 2^10.")
    w(f"h = (t16 >> 9) | ({last} << 55);")
    w("l = t8 & TopMask;")
    w("ulong s8 = l + h + cc;")
    w("ulong u8 = l + h + cu;")
    w("Select(r, s0, s1, s2, s3, s4, s5, s6, s7, s8, u0, u1, u2, u3, u4, u5, u6, u7, u8);")
    return out

# Splice the bodies into P521Ops.cs between each method's opening brace and its closing brace.
import pathlib
path = pathlib.Path(__file__).resolve().parents[2] / "src/Panicode.Crypto.Unsafe/Ec/Arithmetic/P521Ops.cs"
text = path.read_text()
for sig, sqr in (("    public void Mul(ulong* r, ulong* a, ulong* b)\n    {\n", False), ("    public void Sqr(ulong* r, ulong* a)\n    {\n", True)):
    start = text.index(sig) + len(sig)
    end = text.index("\n    }\n", start) + 1
    text = text[:start] + "".join((("        " + x) if x else "") + "\n" for x in body(sqr)) + text[end:]
path.write_text(text)

# The Reference flavour's safe counterpart (src/Panicode.Crypto/Ec/Arithmetic/Fe9.cs): the same Mul, Sqr, Add, Sub and
# Select, derived from the text just written, with the limbs as fields of an Fe9 passed by reference instead of
# pointers, and the Reference assembly's Wide.Adc/Sbb for the Unsafe Limb.AddC/SubB. The rest of Fe9.cs (the struct,
# Half, Move, IsZero, Load, Store) is hand-written between the markers below.
import re
safe_path = path.parents[4] / "src/Panicode.Crypto/Ec/Arithmetic/Fe9.cs"
start = text.index("    /// <summary>\n    /// r = a b mod p")
methods = text[start:text.rindex("}")]
for old, new in (("public void Mul(ulong* r, ulong* a, ulong* b)", "public void Mul(ref Fe9 r, in Fe9 a, in Fe9 b)"),
                 ("public void Sqr(ulong* r, ulong* a)", "public void Sqr(ref Fe9 r, in Fe9 a)"),
                 ("public void Add(ulong* r, ulong* a, ulong* b)", "public void Add(ref Fe9 r, in Fe9 a, in Fe9 b)"),
                 ("public void Sub(ulong* r, ulong* a, ulong* b)", "public void Sub(ref Fe9 r, in Fe9 a, in Fe9 b)"),
                 ("private static void Select(ulong* r,", "private static void Select(ref Fe9 r,"),
                 ("Select(r, s0", "Select(ref r, s0"),
                 ("Limb.AddC", "Wide.Adc"), ("Limb.SubB", "Wide.Sbb")):
    methods = methods.replace(old, new)
methods = re.sub(r"\b([abr])\[(\d)\]", r"\1.L\2", methods)
safe = safe_path.read_text()
begin, end = "    // BEGIN generated by scripts/ec-fields/gen_p521.py\n", "    // END generated\n"
safe = safe[:safe.index(begin) + len(begin)] + methods.rstrip() + "\n" + safe[safe.index(end):]
safe_path.write_text(safe)
