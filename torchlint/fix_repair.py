"""``torchlint fix PATH --verify pkg.mod:factory --repair BACKEND``: from "export fails" to
"export passes, here is the diff".

The loop, in the parent (which never imports torch or the user's code):

1. One child process (``python -m torchlint.fix_repair``, started through the verifier's
   runner) builds the target from the files on disk, runs it eagerly on the inputs and then
   through each back-end (``runtime_check.backends``, CPU); it stays up and answers one request
   per line: "the same with these fixed texts" (an import hook, :mod:`torchlint.fix_verify`; the
   disk is not touched).
2. Torch's problems (the conversion error, graph breaks, warnings, failed runs) are tied to
   file:line as ``verify --static`` ties them (``correlate.evidence``).
3. The findings of ``torchlint check`` on or near those lines (within ``NEAR_LINES``) that name
   the back-end and carry a fix, safe or unsafe, are the candidates, nearest first. Each is
   applied alone to the current texts and evaluated by the child: it is kept only when the
   eager outputs are unchanged (``fix_verify.compare_sessions``) and the back-ends are cleaner:
   all pass, or none has more problems and there are fewer, or a back-end with one problem
   (as one that stops at its first error has) now has one elsewhere, not on the lines the fix
   wrote: it got further.
4. After a kept fix the texts are linted again and the loop goes on, until the back-ends pass,
   no untried candidate is left, or a bound is hit (``MAX_TRIES`` evaluations, ``MAX_KEPT``
   fixes, the time budget).

Only the kept fixes are written; what is left is reported with torch's message and the
finding on its line, if any.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Optional

if TYPE_CHECKING:
    from torchlint.lint.diagnostics import Diagnostic, FileResult
    from torchlint.lint.fix_files import FileFix
    from torchlint.lint.semantic.index import ProjectIndex
    from torchlint.lint.settings import Settings
    from torchlint.runtime_check.spec import VerifyOptions

# --repair names -> verifier back-ends. "export" is torch.export's default (non-strict) alone.
REPAIRABLE: dict[str, str] = {
    "script": "script",
    "trace": "trace",
    "compile": "compile",
    "export": "export",
    "export-nonstrict": "export",
    "export-strict": "export-strict",
}
NEAR_LINES = 2  # a finding this many lines from torch's line is still a candidate
MAX_TRIES = 40  # candidate evaluations per run
MAX_KEPT = 20


class RepairError(Exception):
    """The original target cannot be run (import, build, inputs, eager run): nothing to repair."""


@dataclass(frozen=True)
class Problem:
    """One thing torch held against a back-end: where (when it named a user line) and what."""

    backend: str
    path: Optional[str]
    line: Optional[int]
    error: str


@dataclass
class Attempt:
    """One candidate fix and its verdict."""

    path: str
    line: int
    column: int
    code: str
    message: str
    applicability: str
    kept: bool
    reason: str


@dataclass
class Left:
    problem: Problem
    findings: list[Diagnostic] = field(default_factory=list)  # on its line, naming its back-end
    outside: bool = False  # in a file that is not among the files being fixed


@dataclass
class RepairResult:
    backends: tuple[str, ...]
    before: list[Problem] = field(default_factory=list)
    after: list[Problem] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    fixes: list[FileFix] = field(default_factory=list)  # one per changed file
    left: list[Left] = field(default_factory=list)
    stopped: str = ""  # why the loop ended before it ran out of candidates

    @property
    def passes(self) -> bool:
        return not self.after


def parse_repair_backends(text: str) -> tuple[str, ...]:
    """``export`` / ``compile,trace`` -> verifier back-ends; raises ``SpecError``."""
    from torchlint.runtime_check.spec import BACKENDS, SpecError, parse_backends

    parse_backends(text)  # an unknown name: SpecError with a did-you-mean
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in REPAIRABLE:
            raise SpecError(f"--repair cannot repair for {name!r} (one of {', '.join(REPAIRABLE)})")
    wanted = {REPAIRABLE[n] for n in names}
    return tuple(b for b in BACKENDS if b in wanted)


@dataclass
class _Evaluation:
    ok: bool  # the fixed code built, ran eagerly and gave the original's outputs
    error: str = ""
    problems: list[Problem] = field(default_factory=list)


class _Evaluator:
    """The child process that runs the target, kept up between requests (started again after
    a crash or a timeout, which rejects the candidate that caused it)."""

    def __init__(self, options: VerifyOptions) -> None:
        self.options = options
        self.tmpdir = tempfile.mkdtemp(prefix="torchlint-repair-")
        self.child: Any = None
        self.ready = False  # the child has run the original and waits for requests
        self.loaded: list[str] = []  # the user files the model was imported from (real paths)
        self.requests = 0

    def launch(self) -> None:
        """Start the child, which imports torch and runs the original while the caller lints."""
        from torchlint.runtime_check.runner import _Child

        options = self.options
        self.child = _Child(
            options, list(options.backends), self.tmpdir, module=__name__, keep_stdin=True
        )
        self.ready = False

    def _start(self) -> None:
        from torchlint.runtime_check.runner import describe_exit

        options = self.options
        if self.child is None:
            self.launch()
        child, self.child = self.child, None
        setup_timeout = options.setup_timeout or options.timeout
        event, timed_out, code = child.wait_setup(setup_timeout)
        if event is None:
            tail = " | ".join(child.tail().strip().splitlines()[-3:])
            raise RepairError(
                f"the original code did not start within {setup_timeout:g} s"
                if timed_out
                else f"the check process {describe_exit(code)}: {tail or 'no output'}"
            )
        if not event.get("ok"):
            child.finish(kill=True)
            where = event.get("location") or {}
            at = f" at {where['file']}:{where['line']}" if where.get("file") else ""
            raise RepairError(
                f"the original code failed ({event.get('stage')}): {event.get('error')}{at}"
            )
        self.child, self.ready = child, True
        self.loaded = list(event.get("files") or [])

    def evaluate(self, fixed: dict[str, str]) -> _Evaluation:
        from torchlint.runtime_check.runner import describe_exit

        if not self.ready:
            self._start()
        self.requests += 1
        self.child.send({"id": self.requests, "fixed": fixed})
        options = self.options
        limit = (options.setup_timeout or options.timeout) + options.timeout * len(options.backends)
        deadline = time.monotonic() + limit
        event = self.child.next_event(deadline)
        if event is None or event.get("id") != self.requests:
            timed_out = time.monotonic() >= deadline
            code = self.child.finish(kill=True)
            self.child, self.ready = None, False
            return _Evaluation(
                False,
                f"no result within {limit:g} s"
                if timed_out
                else f"the child {describe_exit(code)}",
            )
        if not event.get("ok"):
            detail = event.get("error", "")
            mismatches = event.get("mismatches") or []
            return _Evaluation(False, detail + (f" ({mismatches[0]})" if mismatches else ""))
        return _Evaluation(True, problems=_problems(event["results"]))

    def close(self) -> None:
        if self.child is not None:
            # Waiting for requests, it leaves its loop when stdin closes; still setting up: killed.
            self.child.finish(kill=not self.ready)
            self.child = None
        shutil.rmtree(self.tmpdir, ignore_errors=True)


def _problems(results: list[dict[str, Any]]) -> list[Problem]:
    """Each back-end's problems, one per user line torch named, or one without a line."""
    from torchlint.runtime_check.correlate import evidence

    found: list[Problem] = []
    for result in results:
        if result["status"] in ("ok", "skipped"):
            continue
        lines: dict[tuple[str, int], str] = {}
        for item in evidence(result):
            lines.setdefault((item["file"], item["line"]), item["what"])
        if not lines:
            found.append(Problem(result["backend"], None, None, result.get("error") or ""))
        for (path, line), what in lines.items():
            found.append(Problem(result["backend"], path, line, what))
    return found


def _line_map(old: str, new: str) -> tuple[dict[int, int], set[int]]:
    """Old line -> new line for the lines a fix left alone, and the new lines it wrote."""
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    kept: dict[int, int] = {}
    written: set[int] = set()
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            kept.update({i + 1: j + 1 for i, j in zip(range(i1, i2), range(j1, j2))})
        else:
            written.update(range(j1 + 1, j2 + 1))
    return kept, written


def judge(
    before: Sequence[Problem], after: Sequence[Problem], path: str, old: str, new: str
) -> tuple[bool, str]:
    """Whether the fix that turned ``old`` into ``new`` (file ``path``) made the back-ends
    cleaner, and why (see the module docstring)."""
    if not after:
        return True, "passes"
    kept, written = _line_map(old, new)

    def moved(p: Problem) -> tuple[str, Optional[str], Optional[int]]:
        line = kept.get(p.line) if p.path == path and p.line is not None else p.line
        return p.backend, p.path, line

    for backend in dict.fromkeys(p.backend for p in after):
        count_before = sum(1 for p in before if p.backend == backend)
        count_after = sum(1 for p in after if p.backend == backend)
        if count_after > count_before:
            first = next(p for p in after if p.backend == backend)
            return False, f"{backend}: {count_before} -> {count_after} problem(s): {first.error}"
    if len(after) < len(before):
        return True, f"{len(before)} -> {len(after)} problem(s)"
    old_keys = {moved(p) for p in before}
    new_ones = [p for p in after if (p.backend, p.path, p.line) not in old_keys]
    own = [p for p in new_ones if p.path == path and p.line in written]
    # A back-end that stops at its first error (one problem before and after, at another
    # line, not one the fix wrote) got further; with several problems, only fewer is better.
    single = all(
        sum(1 for q in seq if q.backend == p.backend) == 1
        for p in new_ones
        for seq in (before, after)
    )
    if new_ones and single and not own:
        first = new_ones[0]
        return True, f"{first.backend} gets further: now line {first.line}: {first.error}"
    blocker = (own or after)[0]
    where = f"line {blocker.line}: " if blocker.line else ""
    return False, f"no better: {blocker.backend} {where}{blocker.error}"


class _Linter:
    """``torchlint check``'s findings on the original files (one lint, its cache) and on fixed
    texts (linted again against the index of the whole run, as ``fix`` does)."""

    def __init__(
        self, files: Sequence[str], settings: Settings, cache_dir: Optional[str], jobs: int
    ) -> None:
        from torchlint.lint.run import lint_files

        self.files = list(files)
        self.settings = settings
        self.cache_dir = cache_dir
        self.results: dict[str, FileResult] = {
            r.path: r for r in lint_files(self.files, settings, jobs=jobs, cache_dir=cache_dir)
        }
        self.index: Optional[ProjectIndex] = None
        self.texts: dict[str, str] = {}
        self.fixed: dict[tuple[str, str], list[Diagnostic]] = {}

    def original(self, path: str) -> Optional[str]:
        from torchlint.lint.source import SourceError, read_source

        if path not in self.texts:
            try:
                self.texts[path] = read_source(path).text
            except SourceError:
                return None
        return self.texts[path]

    def findings(self, path: str, text: str) -> list[Diagnostic]:
        from torchlint.lint.engine import lint_text
        from torchlint.lint.fix_files import project_index

        if text == self.original(path):
            result = self.results.get(path)
            return list(result.diagnostics) if result is not None else []
        found = self.fixed.get((path, text))
        if found is None:
            if self.index is None:
                self.index = project_index(self.files, self.settings, self.cache_dir)
            result = lint_text(path, text, self.settings, index=self.index)
            found = self.fixed[(path, text)] = list(result.diagnostics)
        return found


def _near(diagnostic: Diagnostic, line: int) -> int:
    """Lines between a finding and torch's line (0: on it)."""
    end = diagnostic.end_line or diagnostic.line
    return max(diagnostic.line - line, line - end, 0)


def repair(
    files: Sequence[str],
    settings: Settings,
    target: str,
    inputs: Sequence[str],
    backends: tuple[str, ...],
    *,
    cache_dir: Optional[str] = None,
    jobs: int = 1,
    timeout: float = 120.0,
    budget: float = 900.0,
    cwd: Optional[str] = None,
    on_attempt: Optional[Callable[[Attempt], None]] = None,
) -> RepairResult:
    """Repair ``target`` for ``backends`` with the fixes of the findings in ``files`` (see the
    module docstring); nothing is written. ``timeout``: seconds per back-end run, ``budget``:
    seconds for the whole loop. Raises ``SpecError`` for a bad target or input spec and
    ``RepairError`` when the original code cannot be run."""
    from torchlint.lint.fixes import apply_fixes, compiles
    from torchlint.runtime_check.correlate import FAMILY
    from torchlint.runtime_check.spec import VerifyOptions, parse_inputs, parse_target

    cwd = cwd or os.getcwd()
    options = VerifyOptions(
        target=parse_target(target, cwd),
        inputs=[parse_inputs(text, cwd) for text in inputs],
        backends=backends,
        timeout=timeout,
        repeat=0,
        warmup=0,
        cwd=cwd,
        sys_path=[p for p in sys.path if p],
    )
    # The run is about these back-ends: their findings, every forward a root of them.
    families = tuple(dict.fromkeys(FAMILY[b] for b in backends))
    settings = replace(settings, targets=families, targets_explicit=True)
    given = {os.path.realpath(f): f for f in files}
    result = RepairResult(backends=backends)
    texts: dict[str, str] = {}  # real path -> text with the kept fixes
    applied: dict[str, list[Attempt]] = {}
    tried: set[tuple[Any, ...]] = set()
    evaluator = _Evaluator(options)
    started = time.monotonic()
    try:
        evaluator.launch()
        linter = _Linter(files, settings, cache_dir, jobs)
        baseline = evaluator.evaluate({})
        if not baseline.ok:
            raise RepairError(baseline.error)
        problems = result.before = baseline.problems
        while problems:
            candidate = _next_candidate(
                problems, texts, given, linter, tried, FAMILY, evaluator.loaded
            )
            if candidate is None:
                break
            kept_count = sum(map(len, applied.values()))
            if len(tried) >= MAX_TRIES or kept_count >= MAX_KEPT:
                result.stopped = f"stopped after {len(tried)} tries, {kept_count} fixes kept"
                break
            if time.monotonic() - started > budget:
                result.stopped = f"stopped after {budget:g} s (--repair-timeout)"
                break
            real, diagnostic, key = candidate
            tried.add(key)
            path = given[real]
            old = texts.get(real) or linter.original(path) or ""
            assert diagnostic.fix is not None
            new = apply_fixes(old, [diagnostic.fix])
            broken = compiles(new, path)
            if broken is not None:
                kept, reason = False, f"the fixed file {broken}"
            else:
                evaluation = evaluator.evaluate({**texts, real: new})
                if not evaluation.ok:
                    kept, reason = False, evaluation.error
                else:
                    kept, reason = judge(problems, evaluation.problems, real, old, new)
            attempt = Attempt(
                path,
                diagnostic.line,
                diagnostic.column,
                diagnostic.code,
                diagnostic.fix.message,
                diagnostic.fix.applicability,
                kept,
                reason,
            )
            result.attempts.append(attempt)
            if on_attempt is not None:
                on_attempt(attempt)
            if kept:
                texts[real] = new
                applied.setdefault(real, []).append(attempt)
                problems = evaluation.problems
        result.after = problems
    finally:
        evaluator.close()
    result.fixes = _file_fixes(texts, applied, given, linter)
    ordered = sorted(result.after, key=lambda p: (p.path or "", p.line or 0, p.backend))
    result.left = [_left(p, texts, given, linter, FAMILY) for p in ordered]
    return result


def _next_candidate(
    problems: Sequence[Problem],
    texts: dict[str, str],
    given: dict[str, str],
    linter: _Linter,
    tried: set[tuple[Any, ...]],
    family: dict[str, str],
    loaded: Sequence[str] = (),
) -> Optional[tuple[str, Diagnostic, tuple[Any, ...]]]:
    """The first untried fix of a finding near a problem, problems in torch's order; for a
    problem torch named no line for (outputs that differ), of any finding naming its back-end
    in the files the model was loaded from (``loaded``, real paths)."""
    from torchlint.lint.fixes import fix_key

    for problem in problems:
        if problem.line is None:
            places = [(real, None) for real in sorted(loaded) if real in given]
        elif problem.path in given:
            places = [(problem.path, problem.line)]
        else:
            continue
        for real, line in places:
            path = given[real]
            text = texts.get(real) or linter.original(path)
            if text is None:
                continue
            candidates = [
                d
                for d in linter.findings(path, text)
                if d.fix is not None
                and family[problem.backend] in d.targets
                and (line is None or _near(d, line) <= NEAR_LINES)
            ]
            candidates.sort(key=lambda d: (0 if line is None else _near(d, line), d.line, d.column))
            for diagnostic in candidates:
                # Per text: two places can take the same edit, and after a kept fix a rejected
                # one may help (MAX_TRIES bounds the retries).
                key = (real, text, fix_key(text, diagnostic))
                if key not in tried:
                    return real, diagnostic, key
    return None


def _file_fixes(
    texts: dict[str, str],
    applied: dict[str, list[Attempt]],
    given: dict[str, str],
    linter: _Linter,
) -> list[FileFix]:
    from torchlint.lint.fix_files import FileFix
    from torchlint.lint.fixes import AppliedFix, FixOutcome

    fixes = []
    for real, text in texts.items():
        path = given[real]
        outcome = FixOutcome(path=path, original=linter.original(path) or "", text=text)
        outcome.applied = [
            AppliedFix(a.code, a.line, a.message, a.applicability, a.column)  # type: ignore[arg-type]
            for a in applied.get(real, [])
        ]
        fixes.append(FileFix(path, outcome=outcome))
    return fixes


def _left(
    problem: Problem,
    texts: dict[str, str],
    given: dict[str, str],
    linter: _Linter,
    family: dict[str, str],
) -> Left:
    if problem.path is None or problem.line is None:
        return Left(problem)
    if problem.path not in given:
        return Left(problem, outside=True)
    path = given[problem.path]
    text = texts.get(problem.path) or linter.original(path) or ""
    on_line = [
        d
        for d in linter.findings(path, text)
        if family[problem.backend] in d.targets and _near(d, problem.line) == 0
    ]
    return Left(problem, on_line)


# -- the child ---------------------------------------------------------------------------------
def _evaluate(original: Any, fixed: dict[str, str], backends: list[str]) -> dict[str, Any]:
    """The back-ends' results on the target built from ``fixed`` (the original when empty), when
    its eager outputs are the original's."""
    from torchlint.fix_verify import compare_sessions, fixed_session
    from torchlint.runtime_check.backends import run_backend
    from torchlint.runtime_check.worker import SetupError

    options = original.options
    session = original
    if fixed:
        try:
            session = fixed_session(options, fixed, original.user)
        except SetupError as exc:
            return {"ok": False, "error": f"the fixed code failed ({exc.stage}): {exc.message}"}
        same = compare_sessions(original, session, options.get("rtol"), options.get("atol"))
        if not same.ok:
            return {"ok": False, "error": same.detail, "mismatches": same.mismatches[:3]}
    return {"ok": True, "results": [run_backend(session, backend) for backend in backends]}


def main() -> None:
    import faulthandler

    from torchlint.runtime_check.locate import first_line
    from torchlint.runtime_check.worker import (
        Events,
        Session,
        SetupError,
        _exit,
        apply_memory_limit,
    )

    events = Events(int(sys.argv[1]))
    requests = os.fdopen(os.dup(0), "rb")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    sys.stdin = open(os.devnull)  # user code asking for input gets EOF, not the requests
    first = json.loads(requests.readline())
    options, backends = first["options"], first["backends"]
    faulthandler.enable()
    apply_memory_limit(options.get("memory_limit_mb"), options.get("device", "cpu"))
    try:
        original = Session(options)
    except SetupError as exc:
        events.emit("setup", ok=False, stage=exc.stage, error=exc.message, location=exc.location)
        _exit(events)
    except BaseException as exc:  # torch failing to import, MemoryError: report it
        events.emit("setup", ok=False, stage="setup", error=first_line(exc), location=None)
        _exit(events)
    events.emit("setup", ok=True, files=original.user_files())
    for line in requests:
        request = json.loads(line)
        try:
            answer = _evaluate(original, request["fixed"], backends)
        except BaseException as exc:  # whatever the user's code raises: a verdict, not a hang
            answer = {"ok": False, "error": f"the check failed: {first_line(exc)}"}
        events.emit("evaluated", id=request["id"], **answer)
    _exit(events)


if __name__ == "__main__":
    main()
