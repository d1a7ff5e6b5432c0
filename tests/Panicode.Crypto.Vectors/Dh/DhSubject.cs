namespace Panicode.Crypto.Vectors.Dh;

/// <summary>What the finite-field DH vector checks need from an implementation (xUnit and the Mono runner adapt each flavour).</summary>
public abstract class DhSubject
{
    public abstract string Name { get; }

    /// <summary>
    /// Imports the static key (p, q, g, y, x) and agrees with the peer's y: Z, p's length. Throws (any exception) when
    /// the key is refused on import or the peer's key fails validation.
    /// </summary>
    public abstract byte[] Agree(byte[] p, byte[] q, byte[] g, byte[] y, byte[] x, byte[] peerY);

    public override string ToString() => Name;
}
