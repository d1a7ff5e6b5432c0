# Generates src/Panicode.Crypto.Unsafe/Ec/Arithmetic/Montgomery<N>Ops.cs (usage: python3 gen_montgomery.py N; the
# library has N = 3, 5, 8): Montgomery multiplication by product scanning with the reduction interleaved (Koç, Acar
# and Kaliski 1996, the FIPS method), written out with reused temporaries h, l, s, from montgomery-template.cs.txt.
import sys
N = int(sys.argv[1])
ACC = ["x", "y", "z"]

FIRST = [False]
def mulacc(w, u, v, lo, mid, hi):
    if FIRST[0]:
        # the first product of column 0, into the zero accumulator
        FIRST[0] = False
        w(f"{mid} = Wide.Mul({u}, {v}, out {lo});")
        return
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
    w("ulong " + ", ".join(f"a{i} = a[{i}]" for i in range(N)) + ";")
    if not sqr:
        w("ulong " + ", ".join(f"b{i} = b[{i}]" for i in range(N)) + ";")
    w("ulong " + ", ".join(f"p{i} = pc[{i}]" for i in range(N)) + f", m0 = pc[{N}];")
    w("ulong x, y, z = 0, h, l, s" + (", d0, d1, d2" if sqr else "") + ";")
    FIRST[0] = True
    for k in range(0, 2 * N):
        lo, mid, hi = ACC[k % 3], ACC[(k + 1) % 3], ACC[(k + 2) % 3]
        w("")
        if k == 0:
            w("// Column 0; q0 makes its low word vanish.")
        elif k < N:
            w(f"// Column {k}: " + ("a b" if not sqr else "a^2") + (" and q0 p" if k == 1 else f" and q0..q{k-1} p") + f"; q{k} makes the low word vanish.")
        elif k < 2 * N - 1:
            w(f"// Column {k}: " + ("a b" if not sqr else "a^2") + f" and q p; its low word is r{k - N}.")
        else:
            w(f"// Column {k}: only the carries; its low word is r{k - N}, its middle word the carry k.")
        if k < 2 * N - 1:
            if sqr:
                pairs = [(i, k - i) for i in range(N) if 0 <= k - i < N and i < k - i]
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
                    mulacc(w, f"a{k//2}", f"a{k//2}", lo, mid, hi)
            else:
                for i in range(N):
                    j = k - i
                    if 0 <= j < N:
                        mulacc(w, f"a{i}", f"b{j}", lo, mid, hi)
            for j in range(min(k, N)):
                i = k - j
                if 0 <= i < N:
                    mulacc(w, f"q{j}", f"p{i}", lo, mid, hi)
            if k < N:
                w(f"ulong q{k} = {lo} * m0;")
                mulacc(w, f"q{k}", "p0", lo, mid, hi)
        if k >= N:
            w(f"ulong r{k - N} = {lo};")
        if k < 2 * N - 1:
            w(f"{lo} = 0;")
    # after column 2N-1, its middle word (ACC[(2N)%3]) is k
    kname = ACC[(2 * N) % 3]
    w("")
    w(f"Final(r, pc, " + ", ".join(f"r{i}" for i in range(N)) + f", {kname});")
    return out

def ind(lines):
    return "".join((("        " + x) if x else "") + "\n" for x in lines)

lim = ", ".join(f"ulong t{i}" for i in range(N))
tn = ", ".join(f"t{i}" for i in range(N))
add = [ "ulong c = 0;" ] + [f"ulong s{i} = Limb.AddC(a[{i}], b[{i}], ref c);" for i in range(N)] + ["Final(r, _c, " + ", ".join(f"s{i}" for i in range(N)) + ", c);"]
sub = ["ulong* p = _c;", "ulong bw = 0;"] + [f"ulong d{i} = Limb.SubB(a[{i}], b[{i}], ref bw);" for i in range(N)] + ["ulong mask = 0UL - bw;", "ulong c = 0;"] + [f"r[{i}] = Limb.AddC(d{i}, p[{i}] & mask, ref c);" for i in range(N)]
fin = ["ulong b = 0;"] + [f"ulong r{i} = Limb.SubB(t{i}, pc[{i}], ref b);" for i in range(N)] + ["ulong keep = 0UL - (b & (k ^ 1));"] + [f"r[{i}] = r{i} ^ (keep & (r{i} ^ t{i}));" for i in range(N)]
import pathlib
here = pathlib.Path(__file__).resolve().parent
tmpl = (here / "montgomery-template.cs.txt").read_text()
tmpl = tmpl.replace("@2N@", str(2 * N)).replace("@NM1@", str(N - 1)).replace("@N@", str(N)).replace("@MUL@", ind(body(False))).replace("@SQR@", ind(body(True)))
tmpl = tmpl.replace("@ADD@", ind(add)).replace("@SUB@", ind(sub)).replace("@FINAL@", ind(fin)).replace("@LIMBS@", lim)
tmpl = tmpl.replace("@BITS@", str(64 * N)).replace("@PRODS@", str(2 * N * N)).replace("@SQPRODS@", str(N * N + N * (N + 1) // 2))
(here.parents[1] / f"src/Panicode.Crypto.Unsafe/Ec/Arithmetic/Montgomery{N}Ops.cs").write_text(tmpl)
