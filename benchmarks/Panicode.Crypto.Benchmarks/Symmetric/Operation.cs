namespace Panicode.Crypto.Benchmarks.Symmetric;

/// <summary>The four throughput operations of the paper and of CRYPTREC's implementation evaluation report.</summary>
public enum Operation
{
    EcbEncrypt,
    EcbDecrypt,
    CbcEncrypt,
    CbcDecrypt,
}
