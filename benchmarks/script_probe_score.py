"""Score ``torchlint check --target script`` against ``torch.jit.script`` on one-construct probes.

Each probe in ``benchmarks/script_probes/`` is a small file defining ``Model`` and ``inputs()``
that uses one construct (a file whose name ends in ``_ok`` is its near-miss that TorchScript
accepts; the name is only a hint, torch's verdict is the label). Torch's verdicts are cached in
``benchmarks/script_probes/verdicts.json`` so scoring needs no torch:

    python benchmarks/script_probe_score.py --verdicts    # compute missing verdicts (torch), no score
    python benchmarks/script_probe_score.py --regen       # recompute every verdict (torch)
    python benchmarks/script_probe_score.py               # score

A probe is predicted to fail when torchlint reports any finding naming ``script`` with
``--target script``; it fails when ``torch.jit.script`` rejects it or the scripted model does
not give the eager result (``tests/oracle.py``). Probes named ``heldout_*`` were written after
the TL2xx rules were extended, in other spellings (aliases, helpers, submodules): their score
is reported apart, as the generalisation score; ``heldout2_*`` probes (a second batch in the
style of real model code: indirect reach, other spellings, realistic controls) get their own row,
and so do ``heldout3_*`` and later ``heldoutN_*`` probes (later batches, written blind to the
rules and fixers).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROBES = HERE / "script_probes"
VERDICTS = PROBES / "verdicts.json"
REPO = HERE.parent


def probe_files() -> list[Path]:
    return sorted(PROBES.glob("*.py"))


def compute_verdicts(files: list[Path], regen: bool) -> dict[str, dict]:
    sys.path.insert(0, str(REPO))
    from tests.oracle import check  # noqa: PLC0415 - needs torch, only when asked

    # Probes no longer in the folder (renamed) go; those not asked about keep their verdicts.
    present = {path.stem for path in probe_files()}
    old = json.loads(VERDICTS.read_text()) if VERDICTS.exists() else {}
    verdicts = {stem: v for stem, v in old.items() if stem in present}
    for path in files:
        if path.stem in verdicts and not regen:
            continue
        verdict = check(path.read_text(), "script")
        verdicts[path.stem] = {"ok": verdict.ok, "detail": verdict.detail}
        print(f"{path.stem:32} {verdict}", flush=True)
    VERDICTS.write_text(json.dumps(verdicts, indent=1, sort_keys=True) + "\n")
    return verdicts


def findings(files: list[Path]) -> dict[str, list[str]]:
    """``"line CODE"`` of each finding naming script, per probe, as ``--target script`` gives."""
    from torchlint.lint.run import lint_files
    from torchlint.lint.settings import Settings

    settings = Settings(targets=("script",), targets_explicit=True)
    found: dict[str, list[str]] = {}
    for result in lint_files([str(p) for p in files], settings=settings):
        found[Path(result.path).stem] = [
            f"{d.line} {d.code}" for d in result.diagnostics if "script" in d.targets
        ]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verdicts", action="store_true", help="compute missing verdicts (torch)")
    parser.add_argument("--regen", action="store_true", help="recompute every verdict (torch)")
    args = parser.parse_args()
    files = probe_files()
    if args.verdicts or args.regen:
        # Labelling only: whoever writes probes stays blind to torchlint's score on them.
        verdicts = compute_verdicts(files, args.regen)
        for path in files:
            entry = verdicts.get(path.stem)
            if entry is not None:
                shown = "ok" if entry["ok"] else f"FAILS {entry['detail'][:80]}"
                print(f"{path.stem:44} {shown}")
        return
    verdicts = json.loads(VERDICTS.read_text())
    judged = [p for p in files if p.stem in verdicts]
    found = findings(judged)
    counts: dict[str, list[int]] = {}  # batch -> [tp, fp, fn, tn]
    for path in judged:
        fails = not verdicts[path.stem]["ok"]
        predicted = bool(found.get(path.stem))
        for batch in (_batch(path.stem), "all"):
            row = counts.setdefault(batch, [0, 0, 0, 0])
            row[0 if fails and predicted else 1 if predicted else 2 if fails else 3] += 1
        if fails != predicted:
            why = verdicts[path.stem]["detail"] if fails else ", ".join(found[path.stem])
            print(f"{'MISS ' if fails else 'FALSE'} {path.stem:30} {why[:100]}")
    print(f"{'batch':8} {'probes':>6} {'TP':>3} {'FP':>3} {'FN':>3} {'TN':>3}  precision  recall")
    for batch, (tp, fp, fn, tn) in sorted(counts.items()):
        precision = tp / (tp + fp) if tp + fp else 1.0
        recall = tp / (tp + fn) if tp + fn else 1.0
        print(
            f"{batch:8} {tp + fp + fn + tn:6} {tp:3} {fp:3} {fn:3} {tn:3}"
            f"  {precision:9.2f}  {recall:6.2f}"
        )


def _batch(stem: str) -> str:
    """``heldout``: probes written after the rules were changed, to measure how they carry
    over to spellings nobody tuned for; ``heldout2``: a second such batch in the style of real
    model code (indirect reach, other spellings, realistic controls); ``heldout3`` and later
    (``heldoutN``): batches written blind to the rules and fixers, each after the fixes the
    one before led to; ``dev``: the rest."""
    match = re.match(r"(heldout\d*)_", stem)
    return match.group(1) if match else "dev"


if __name__ == "__main__":
    main()
