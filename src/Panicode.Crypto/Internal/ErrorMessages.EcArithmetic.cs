namespace Panicode.Crypto.Internal;

/// <summary>Exception messages of the EC point arithmetic (both flavours).</summary>
internal static partial class ErrorMessages
{
    internal const string EcPointNotOnCurve = "The point is not on the curve.";

    internal const string EcPointOrder = "The point does not have the curve's order.";
}
