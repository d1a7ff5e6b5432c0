// Mono 6.8 on s390x: a method that uses stackalloc passes wrong span arguments when the call's arguments go past the
// five argument registers (r2-r6). Build (dotnet build -c Release) and run under the s390x sysroot that
// scripts/cross-runtime.sh installs:
//   S=artifacts/cross-runtime/sysroot-s390x
//   qemu-s390x-static -L $S $S/usr/bin/mono --config $S/etc/mono/config tools/mono/s390x-span-repro/bin/Release/net472/s390x-span-repro.exe
// Every line prints "ok" on x86-64 and ppc64el Mono and on CoreCLR; on s390x the two "stackalloc" calls do not.
using System;
using System.Runtime.CompilerServices;

internal static class Program
{
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int Lengths(int a, int b, int c, int d, ReadOnlySpan<byte> fifth, ReadOnlySpan<byte> sixth) =>
        (fifth.Length * 10) + sixth.Length;

    // No stackalloc here: the sixth argument arrives intact.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int Forward(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y) => Lengths(1, 2, 3, 4, x, y);

    // stackalloc, and a span in the sixth argument slot: wrong on s390x.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ForwardAfterStackalloc(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        Span<byte> scratch = stackalloc byte[4];
        return Lengths(scratch.Length, 2, 3, 4, x, y);
    }

    // stackalloc, spans in the first slots only: right everywhere (the rule the library follows).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int SpansFirstAfterStackalloc(ReadOnlySpan<byte> x, ReadOnlySpan<byte> y)
    {
        Span<byte> scratch = stackalloc byte[4];
        return LengthsFirst(x, y, scratch.Length, 2, 3, 4);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int LengthsFirst(ReadOnlySpan<byte> first, ReadOnlySpan<byte> second, int a, int b, int c, int d) =>
        (first.Length * 10) + second.Length;

    private static int Main()
    {
        byte[] seven = new byte[7];
        byte[] five = new byte[5];
        int failures = 0;
        failures += Report("no stackalloc, span in slot 6", Forward(seven, five));
        failures += Report("stackalloc, span in slot 6", ForwardAfterStackalloc(seven, five));
        failures += Report("stackalloc, spans in slots 1-2", SpansFirstAfterStackalloc(seven, five));
        return failures;
    }

    private static int Report(string label, int value)
    {
        Console.WriteLine($"{label}: {(value == 75 ? "ok" : $"WRONG ({value}, expected 75)")}");
        return value == 75 ? 0 : 1;
    }
}
