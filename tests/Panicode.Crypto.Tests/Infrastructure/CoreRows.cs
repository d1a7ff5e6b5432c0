using System.Linq;
using Panicode.Crypto.Registry;

namespace Panicode.Crypto.Tests.Infrastructure;

/// <summary>Theory rows over the block-cipher cores of a registry family, with honest skips.</summary>
public static class CoreRows
{
    /// <summary>Every core of <paramref name="family"/> by name, those this process cannot run included.</summary>
    public static TheoryData<string> Of(BlockCipherFamily family) => new(family.Cores.Select(c => c.Name));

    /// <summary>
    /// Skips the running test with the registry's reason ("GFNI not available on this CPU ...") when
    /// <paramref name="core"/> is a core of <paramref name="family"/> this process cannot run.
    /// </summary>
    public static void SkipUnlessRunnable(BlockCipherFamily family, string core)
    {
        if (family.Cores.FirstOrDefault(c => c.Name == core)?.SkipReason is string reason)
        {
            Assert.Skip($"{family.Name} core {core}: {reason}");
        }
    }
}
