namespace Panicode.Crypto.Internal;

/// <summary>
/// The library's own obsoletion diagnostics (as the runtime's SYSLIB00xx): one ID per algorithm kept only for existing
/// data, so a project can allow exactly that one (<c>&lt;NoWarn&gt;PANICODE001&lt;/NoWarn&gt;</c>) and no other. On
/// netstandard2.0, whose ObsoleteAttribute has no DiagnosticId, the same uses are warning CS0618.
/// </summary>
internal static class Obsoletions
{
    internal const string Rc4DiagnosticId = "PANICODE001";

    internal const string Rc4Message = "RC4 is broken; for existing data only; RFC 7465.";
}
