"""Count, per back-end, the rule examples torch confirms: INVALID cases that really fail,
break or diverge, and runnable VALID cases that really pass (tests/oracle.py verdicts).

    python benchmarks/rule_example_table.py [CODE_PREFIX ...]     # e.g. TL1 TL3
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracle import check  # noqa: E402
from torchlint.lint.registry import all_rules  # noqa: E402

BACKENDS = ("compile", "export", "trace", "script")


def main(prefixes: list[str]) -> None:
    confirmed: Counter[tuple[str, str]] = Counter()
    claimed: Counter[tuple[str, str]] = Counter()
    for rule in all_rules():
        if prefixes and not rule.code.startswith(tuple(prefixes)):
            continue
        for kind, cases, want_ok in (("INVALID", rule.INVALID, False), ("VALID", rule.VALID, True)):
            for case in cases:
                if not case.runtime:
                    continue
                for backend in case.backends if case.backends is not None else rule.targets:
                    claimed[(kind, backend)] += 1
                    if check(case.source, backend).ok == want_ok:
                        confirmed[(kind, backend)] += 1
    print(f"{'backend':8} {'INVALID confirmed':>18} {'VALID confirmed':>16}")
    for backend in BACKENDS:
        inv = f"{confirmed[('INVALID', backend)]}/{claimed[('INVALID', backend)]}"
        val = f"{confirmed[('VALID', backend)]}/{claimed[('VALID', backend)]}"
        print(f"{backend:8} {inv:>18} {val:>16}")


if __name__ == "__main__":
    main(sys.argv[1:])
