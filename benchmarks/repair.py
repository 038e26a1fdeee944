"""Do the fixes repair what torch fails? Every (probe, back-end) pair that torch fails goes
through ``torchlint fix --unsafe-fixes --target BACKEND``; torch then runs the original and the
fixed probe, and the pair counts as repaired when the fixed probe passes the back-end with its
eager outputs unchanged.

The pairs are those ``benchmarks/probes/verdicts.json`` marks as failing (see probe_score.py),
verified again here: a pair whose original passes this benchmark's check is left out as "not
confirmed". Torch runs in child processes (benchmarks/fix_safety.py's runner, one per probe
copy, with a timeout), seeded (torch, random and numpy) the same way for both copies, on the
probe's ``inputs()`` plus one more input shaped like the first with new values. A back-end
passes when:

- compile: ``torch.compile(fullgraph=True, backend="eager")`` runs every input and equals
  eager, and plain compile has no graph break (``torch._dynamo.explain``'s reasons or Dynamo's
  break counter, on the first input);
- export: ``torch.export.export`` on the first input succeeds and ``ep.module()`` equals eager
  on the first and on the extra input (inputs of other shapes may be rejected by its guards);
- trace: ``torch.jit.trace`` on the first input succeeds and the trace equals eager on every
  input (other values and batch sizes);
- script: ``torch.jit.script`` succeeds and equals eager on every input.

"Equals" is ``allclose`` (rtol 1e-4, atol 1e-5, NaN equal to NaN), an input eager rejects must
be rejected too. Eager outputs unchanged: the fixed probe's eager outputs equal the original's
in the same sense (an unsafe fix may change the last bits, as ``.item()`` -> 0-d tensor does).

Each pair not repaired says what blocked it: ``no finding`` (the linter names nothing for the
back-end), ``finding without fix``, ``still fails`` (a fix applied, the back-end still fails:
torch's first error line), ``eager changed``, ``fixed file fails`` (eager no longer runs),
``fix does not parse``.

A pair that ``still fails`` is linted again, fixed, for its back-end (what ``torchlint check
--target BACKEND`` says of the fixed file): ``fixed_findings`` lists the findings naming the
back-end, and a pair with none is "still fails, check silent", a rule miss on a form the fixes
wrote. The summary counts and lists those pairs (``--json``: ``check_silent`` in each back-end's
row of ``table``, and the ``check_silent`` list).

Other probes: ``--probes DIR`` takes the probes of another folder, with its torch verdicts
(``--verdicts FILE``; by default ``DIR/verdicts.json``, else ``verdicts.json`` beside ``DIR``,
the layout of ``benchmarks/variants/``). A probe there is a ``.py`` file or a package (a folder
with ``__init__.py`` whose ``model.py`` defines ``Model`` and ``inputs()``): a package is fixed as
``torchlint fix`` fixes a folder (every file, each against an index of all of them), from a copy
in a temporary folder so that nothing outside it is context, and runs as ``NAME.model``. Its
findings and fixes read ``file:line CODE``. ``--glob`` matches a package's name plus ``.py``.

Usage: python benchmarks/repair.py [--glob 'b1_*'] [--backends compile,export] [-j N]
       [--timeout S] [--json] [--probes DIR [--verdicts FILE]]

e.g. the generated variants of one form (see ``benchmarks/variants/README.md``):
       python benchmarks/repair.py --probes benchmarks/variants/probes --glob '*__submodule' -j 1
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the sibling benchmarks are plain scripts, not a package
    sys.path.insert(0, str(HERE))

import fix_safety  # noqa: E402
from probe_score import BACKENDS, PROBES  # noqa: E402

from torchlint.lint.engine import lint_text  # noqa: E402
from torchlint.lint.fix_files import fix_paths  # noqa: E402
from torchlint.lint.fixes import fix_text  # noqa: E402
from torchlint.lint.run import lint_files  # noqa: E402
from torchlint.lint.settings import Settings  # noqa: E402

REPAIRED = "repaired"
NOT_CONFIRMED = "not confirmed"
BLOCKERS = (
    "no finding",
    "finding without fix",
    "still fails",
    "eager changed",
    "fixed file fails",
    "fix does not parse",
)


@dataclass
class Case:
    """One (probe, back-end) pair torch failed, and what the fixes made of it."""

    probe: str
    backend: str
    status: str = ""  # REPAIRED, NOT_CONFIRMED or one of BLOCKERS
    detail: str = ""  # torch's first error line, or why the comparison failed
    findings: list[str] = field(default_factory=list)  # "line CODE" naming the back-end
    applied: list[str] = field(default_factory=list)  # "line CODE" of the fixes applied
    original_error: str = ""  # why the original fails the back-end here
    fixed_findings: list[str] = field(default_factory=list)  # "still fails": the fixed text's

    @property
    def check_silent(self) -> bool:
        """A fix applied, the back-end still fails, and the fixed text has no finding naming it."""
        return self.status == "still fails" and not self.fixed_findings


def fix_for(path: Path, text: str, backend: str) -> tuple[list[str], list[str], str]:
    """What ``torchlint fix --unsafe-fixes --target BACKEND`` finds and does to one file: the
    findings naming the back-end, the fixes applied, and the fixed text."""
    settings = Settings(targets=(backend,), targets_explicit=True, unsafe_fixes=True)
    found = lint_text(str(path), text, settings).diagnostics
    findings = [f"{d.line} {d.code}" for d in found if backend in d.targets]
    outcome = fix_text(str(path), text, settings, unsafe=True)
    return findings, [f"{f.line} {f.code}" for f in outcome.applied], outcome.text


# A probe's files: (path relative to the run's folder, text), sorted; one file, or a package's.
Files = tuple[tuple[str, str], ...]


def check_for(path: Path, files: Files, backend: str) -> list[str]:
    """The findings naming ``backend`` that ``torchlint check --target BACKEND`` reports on
    ``files`` (a fixed text of the probe at ``path``; a package's files are checked together,
    in a temporary folder, as :func:`fix_package` fixes them)."""
    settings = Settings(targets=(backend,), targets_explicit=True)
    if not is_package(path):
        found = lint_text(str(path), files[0][1], settings).diagnostics
        return [f"{d.line} {d.code}" for d in found if backend in d.targets]
    with tempfile.TemporaryDirectory(prefix="torchlint-repair-check-") as tmp:
        return _package_findings(_written(files, Path(tmp)), settings, backend)


def _written(files: Files, folder: Path) -> list[str]:
    """The paths of ``files`` written under ``folder``."""
    paths = []
    for name, text in files:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths


def _package_findings(paths: list[str], settings: Settings, backend: str) -> list[str]:
    """``file:line CODE`` of the findings naming ``backend`` in a package's ``paths``."""
    return [
        f"{Path(r.path).name}:{d.line} {d.code}"
        for r in lint_files(paths, settings)
        for d in r.diagnostics
        if backend in d.targets
    ]


def is_package(path: Path) -> bool:
    """A package probe: a folder with ``__init__.py`` and the ``model.py`` that defines Model."""
    return path.is_dir() and (path / "__init__.py").exists() and (path / "model.py").exists()


def probe_files(path: Path) -> Files:
    """A probe's files as they are on disk."""
    if not is_package(path):
        return ((path.name, path.read_text(encoding="utf-8")),)
    found = sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
    return tuple(
        (p.relative_to(path.parent).as_posix(), p.read_text(encoding="utf-8")) for p in found
    )


def fix_package(files: Files, backend: str) -> tuple[list[str], list[str], Files]:
    """:func:`fix_for` for a package: ``torchlint fix --unsafe-fixes --target BACKEND`` on all
    its files at once, in a temporary folder (no project around it lends context)."""
    settings = Settings(targets=(backend,), targets_explicit=True, unsafe_fixes=True)
    with tempfile.TemporaryDirectory(prefix="torchlint-repair-fix-") as tmp:
        paths = _written(files, Path(tmp))
        findings = _package_findings(paths, settings, backend)
        done = {item.path: item for item in fix_paths(paths, settings, unsafe=True, write=False)}
    applied, fixed = [], []
    for (name, text), path in zip(files, paths):
        outcome = done[path].outcome if path in done else None
        if outcome is None:
            fixed.append((name, text))
            continue
        applied += [f"{Path(name).name}:{f.line} {f.code}" for f in outcome.applied]
        fixed.append((name, outcome.text))
    return findings, applied, tuple(fixed)


def _close(a: Any, b: Any) -> bool:
    import torch

    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.is_floating_point() or a.is_complex():
            return bool(torch.allclose(a, b, rtol=1e-4, atol=1e-5, equal_nan=True))
        return bool(torch.equal(a, b))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def _rejected(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("rejected: ")


def passes(entry: dict, backend: str) -> tuple[bool, str]:
    """Whether one copy's run passes ``backend`` (see the module docstring), and why not."""
    result = entry.get(backend, {"ok": False, "error": "not run"})
    if not result["ok"]:
        return False, result["error"]
    if not entry["eager"]["ok"]:
        return False, "eager fails: " + entry["eager"]["error"]
    if result.get("breaks"):
        return False, "graph break: " + result["breaks"][0]
    wanted, got = entry["eager"]["outputs"], result["outputs"]
    last = len(wanted) - 1  # the extra input, shaped like the first
    for i, (wants, gets) in enumerate(zip(wanted, got)):
        if _rejected(wants):
            if not _rejected(gets):
                return False, f"accepts input {i}, which eager rejects"
        elif _rejected(gets):
            if backend != "export" or i in (0, last):
                return False, f"rejects input {i}: {gets}"
        elif not _close(gets, wants):
            return False, f"differs from eager on input {i}"
    return True, ""


def classify(
    case: Case, original: dict, fixed: Optional[dict], fixed_text: Union[str, Sequence[str]]
) -> None:
    """Set ``case.status`` and ``case.detail`` from the runs of the original and fixed probe
    (``fixed`` is None when the fixes left the text unchanged; ``fixed_text`` is a package's
    texts, one per file)."""
    ok, why = passes(original, case.backend)
    case.original_error = why
    if ok or not original["eager"]["ok"]:
        case.status = NOT_CONFIRMED
        case.detail = "" if ok else why
        return
    if fixed is None:
        case.status = "finding without fix" if case.findings else "no finding"
        return
    try:
        for text in [fixed_text] if isinstance(fixed_text, str) else fixed_text:
            ast.parse(text)
    except SyntaxError as exc:
        case.status, case.detail = "fix does not parse", str(exc)
        return
    if not fixed["eager"]["ok"]:
        case.status, case.detail = "fixed file fails", fixed["eager"]["error"]
        return
    if not _close(fixed["eager"]["outputs"], original["eager"]["outputs"]):
        case.status = "eager changed"
        return
    ok, why = passes(fixed, case.backend)
    case.status, case.detail = (REPAIRED, "") if ok else ("still fails", why)


def _run(root: Path, copies: dict[str, list[str]], timeout: float) -> dict[str, dict]:
    """Run probe copies (module name -> back-ends besides eager; ``NAME.model`` for a package)
    in one child process; a child that fails or times out fails every run it had."""
    import torch

    specs = [
        {"module": stem, "cls": "Model", "backends": ["eager", *backends], "extra": True}
        | {"breaks": "compile" in backends}
        for stem, backends in copies.items()
    ]
    out = root / "results.pt"
    try:
        fix_safety._run_worker(root, out, "run", specs, len(specs), timeout * len(specs))
        results = torch.load(out, weights_only=False)
        return {stem: results[f"{stem}:Model"] for stem in copies}
    except subprocess.TimeoutExpired:
        error = f"timed out after {timeout * len(specs):g} s ({len(specs)} probes)"
    except subprocess.CalledProcessError as exc:
        lines = exc.stderr.decode(errors="replace").strip().splitlines()
        error = f"child process failed: {lines[-1] if lines else exc.returncode}"
    return {s["module"]: {b: {"ok": False, "error": error} for b in s["backends"]} for s in specs}


@dataclass
class _Probe:
    """One probe's cases, and the copies to run: the original, then each distinct fixed text
    with the back-ends it was fixed for."""

    path: Path  # a probe file, or a package probe's folder
    cases: list[Case]
    texts: dict[str, Files]  # back-end -> fixed files
    copies: list[tuple[Files, list[str]]]
    runs: dict[Files, dict] = field(default_factory=dict)  # files -> their run

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def module(self) -> str:
        return f"{self.name}.model" if is_package(self.path) else self.name


def _prepare(path: Path, backends: list[str]) -> _Probe:
    files = probe_files(path)
    cases, texts = [], {}
    for backend in backends:
        if is_package(path):
            findings, applied, fixed = fix_package(files, backend)
        else:
            findings, applied, text = fix_for(path, files[0][1], backend)
            fixed = ((files[0][0], text),)
        cases.append(Case(path.stem, backend, findings=findings, applied=applied))
        texts[backend] = fixed
    variants: dict[Files, list[str]] = {}
    for backend, fixed in texts.items():
        if fixed != files:
            variants.setdefault(fixed, []).append(backend)
    return _Probe(path, cases, texts, [(files, backends), *variants.items()])


def verdicts_beside(probes: Path) -> Path:
    """The verdicts of a folder of probes: ``DIR/verdicts.json``, else the one beside ``DIR``."""
    inside, beside = probes / "verdicts.json", probes.parent / "verdicts.json"
    return beside if not inside.exists() and beside.exists() else inside


def failing_pairs(
    pattern: str,
    backends: tuple[str, ...],
    probes: Path = PROBES,
    verdicts_file: Optional[Path] = None,
) -> dict[Path, list[str]]:
    """Probe file (or package folder) -> the selected back-ends its verdicts say it fails."""
    verdicts_file = verdicts_file or verdicts_beside(probes)
    verdicts = json.loads(verdicts_file.read_text()) if verdicts_file.exists() else {}
    pairs: dict[Path, list[str]] = {}
    candidates = [*probes.glob("*.py"), *(p for p in probes.iterdir() if is_package(p))]
    for path in sorted(candidates):
        if not fnmatch.fnmatch(path.stem + ".py", pattern):
            continue
        entry = verdicts.get(path.stem, {})
        if "ok" in entry:  # the script probes' verdicts: one TorchScript verdict per probe
            entry = {"script": entry}
        failing = [b for b in backends if not entry.get(b, {"ok": 1})["ok"]]
        if failing:
            pairs[path] = failing
    return pairs


def measure(
    pairs: dict[Path, list[str]], jobs: int = 2, timeout: float = 120, batch: int = 8
) -> list[Case]:
    """Every pair of ``pairs`` (see :func:`failing_pairs`). Probes go to child processes in
    batches (importing torch costs seconds): the ``n``-th copy of up to ``batch`` probes share
    a child, ``jobs`` children at a time; ``timeout`` is per probe copy."""
    probes = [_prepare(path, backends) for path, backends in pairs.items()]
    with tempfile.TemporaryDirectory(prefix="torchlint-repair-") as tmp:
        work = []
        for start in range(0, len(probes), batch):
            group = probes[start : start + batch]
            for layer in range(max(len(p.copies) for p in group)):
                root = Path(tmp) / f"{start}-{layer}"
                root.mkdir()
                members = [p for p in group if layer < len(p.copies)]
                for probe in members:
                    for name, text in probe.copies[layer][0]:
                        (root / name).parent.mkdir(parents=True, exist_ok=True)
                        (root / name).write_text(text, encoding="utf-8")
                copies = {p.module: p.copies[layer][1] for p in members}
                work.append((root, members, layer, copies))
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            done = pool.map(lambda w: _run(w[0], w[3], timeout), work)
            for (_, members, layer, _), results in zip(work, done):
                for probe in members:
                    probe.runs[probe.copies[layer][0]] = results[probe.module]
    for probe in probes:
        original = probe.copies[0][0]
        for case in probe.cases:
            fixed = probe.texts[case.backend]
            changed = probe.runs[fixed] if fixed != original else None
            classify(case, probe.runs[original], changed, [text for _, text in fixed])
            if case.status == "still fails":
                case.fixed_findings = check_for(probe.path, fixed, case.backend)
    return [case for probe in probes for case in probe.cases]


def summary(cases: list[Case]) -> dict[str, dict[str, int]]:
    """Per back-end: confirmed failures, repaired, each blocker, not confirmed."""
    table: dict[str, dict[str, int]] = {}
    for backend in BACKENDS:
        mine = [c for c in cases if c.backend == backend]
        if not mine:
            continue
        counts = Counter(c.status for c in mine)
        row = {"failing": len(mine) - counts[NOT_CONFIRMED], REPAIRED: counts[REPAIRED]}
        row.update({blocker: counts[blocker] for blocker in BLOCKERS})
        row[NOT_CONFIRMED] = counts[NOT_CONFIRMED]
        row["check_silent"] = sum(c.check_silent for c in mine)
        table[backend] = row
    return table


def _print(cases: list[Case]) -> None:
    table = summary(cases)
    print("| back-end | repaired / failing | " + " | ".join(BLOCKERS) + " | not confirmed |")
    print("|---" * (len(BLOCKERS) + 3) + "|")
    for backend, row in table.items():
        cells = [str(row[b]) for b in BLOCKERS] + [str(row[NOT_CONFIRMED])]
        print(f"| {backend} | {row[REPAIRED]} / {row['failing']} | " + " | ".join(cells) + " |")
    print()
    for case in sorted(cases, key=lambda c: (c.backend, c.status, c.probe)):
        line = f"{case.backend:8} {case.status:20} {case.probe:32}"
        if case.applied:
            line += " fixed " + ",".join(sorted({a.split()[1] for a in case.applied}))
        elif case.findings:
            line += " found " + ",".join(sorted({f.split()[1] for f in case.findings}))
        detail = case.detail if case.status != NOT_CONFIRMED else case.original_error
        print(f"{line} {detail[:110]}".rstrip())
    silent = silent_cases(cases)
    print()
    print(f"still fails, check silent: {len(silent)}")
    for case in silent:
        applied = ",".join(sorted({a.split()[1] for a in case.applied}))
        print(f"{case.backend:8} {case.probe:32} fixed {applied} {case.detail[:90]}".rstrip())


def silent_cases(cases: list[Case]) -> list[Case]:
    """The "still fails, check silent" pairs, by back-end and probe."""
    return sorted((c for c in cases if c.check_silent), key=lambda c: (c.backend, c.probe))


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--glob", default="*", help="probe file names to use (fnmatch)")
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument(
        "-j", "--jobs", type=int, default=2, help="child processes at a time (default 2)"
    )
    parser.add_argument("--timeout", type=float, default=120, help="seconds per probe copy")
    parser.add_argument("--json", action="store_true", help="machine output: table and cases")
    parser.add_argument(
        "--probes", type=Path, default=PROBES, help="folder of probes (default benchmarks/probes)"
    )
    parser.add_argument(
        "--verdicts",
        type=Path,
        help="torch verdicts of those probes (default DIR/verdicts.json, else beside DIR)",
    )
    args = parser.parse_args(argv)
    backends = tuple(b for b in args.backends.split(",") if b)
    unknown = [b for b in backends if b not in BACKENDS]
    if unknown:
        parser.error(f"unknown back-end(s): {', '.join(unknown)} (choose from {BACKENDS})")
    if args.jobs < 1:
        parser.error("-j must be at least 1")
    if not args.probes.is_dir():
        parser.error(f"--probes: no such folder: {args.probes}")
    verdicts = args.verdicts or verdicts_beside(args.probes)
    if not verdicts.is_file():
        parser.error(f"no verdicts file {verdicts} (give one with --verdicts)")
    pattern = args.glob if args.glob.endswith(".py") else args.glob + ".py"
    pairs = failing_pairs(pattern, backends, args.probes, verdicts)
    if not pairs:
        parser.error(f"no probe matching {args.glob!r} fails any of {', '.join(backends)}")
    cases = measure(pairs, jobs=args.jobs, timeout=args.timeout)
    if args.json:
        silent = [
            {"probe": c.probe, "backend": c.backend, "detail": c.detail}
            for c in silent_cases(cases)
        ]
        output = {"table": summary(cases), "cases": [asdict(c) for c in cases]}
        print(json.dumps(output | {"check_silent": silent}, indent=1))
    else:
        _print(cases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
