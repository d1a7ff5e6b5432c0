#!/usr/bin/env python3
"""Prints the counts of a `dotnet test --logger trx` run as one plain line, `N passed, N failed, N skipped`,
after the skipped tests' reasons grouped by reason.

    scripts/test-summary.py RESULTS_DIR [LABEL]

Reads every *.trx under RESULTS_DIR. Exit status 1 when no TRX file is found or a test failed, else 0,
so a caller that ignores `dotnet test`'s own status still fails (it should not ignore it).
"""
import collections
import glob
import os
import sys
import xml.etree.ElementTree as ET

NS = {"t": "http://microsoft.com/schemas/VisualStudio/TeamTest/2010"}


def main() -> int:
    directory = sys.argv[1]
    label = sys.argv[2] if len(sys.argv) > 2 else directory
    files = sorted(glob.glob(os.path.join(directory, "**", "*.trx"), recursive=True))
    if not files:
        print(f"{label}: no TRX file in {directory} (the test run did not finish)")
        return 1
    passed = failed = skipped = 0
    reasons = collections.Counter()
    for path in files:
        for result in ET.parse(path).getroot().iterfind(".//t:UnitTestResult", NS):
            outcome = result.get("outcome")
            if outcome == "Passed":
                passed += 1
            elif outcome == "NotExecuted":
                skipped += 1
                message = result.find("t:Output/t:StdOut", NS)
                if message is None or not (message.text or "").strip():
                    message = result.find("t:Output/t:ErrorInfo/t:Message", NS)
                text = (message.text or "").strip() if message is not None else ""
                reasons[text or "(no reason given)"] += 1
            else:
                failed += 1
    for reason, count in sorted(reasons.items()):
        print(f"  skipped {count}: {reason}")
    print(f"{label}:")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
