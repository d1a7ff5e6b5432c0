using System;
using Panicode.Crypto.Vectors.Dh;

namespace Panicode.Crypto.MonoRunner;

/// <summary>A <see cref="ManagedDiffieHellman"/> flavour as a <see cref="DhSubject"/>, through the netstandard2.0 build.</summary>
internal sealed class ManagedDhSubject : DhSubject
{
    private readonly Func<ManagedDiffieHellman> _create;

    public ManagedDhSubject(string name, Func<ManagedDiffieHellman> create)
    {
        Name = name;
        _create = create;
    }

    public override string Name { get; }

    public override byte[] Agree(byte[] p, byte[] q, byte[] g, byte[] y, byte[] x, byte[] peerY)
    {
        using ManagedDiffieHellman dh = _create();
        dh.ImportParameters(new DiffieHellmanParameters { P = p, Q = q, G = g, Y = y, X = x });
        return dh.DeriveRawSecretAgreement(new ManagedDiffieHellmanPublicKey(new DiffieHellmanParameters { P = p, Q = q, G = g, Y = peerY }));
    }
}
