"""``torchlint fix --verify pkg.mod:factory``: run the original and the fixed code side by side
before anything is written.

The parent never imports torch or the user's code. It starts one child process
(``python -m torchlint.fix_verify REQUEST RESULT``) that builds the target and runs it eagerly on
the inputs with the runtime verifier's :class:`Session` (same target, input specs, seeding and
memory limit as ``torchlint verify``), forgets the user's modules, imports them again with the
fixed texts in place of the files (an import hook; nothing touches the disk), builds and runs
the fixed target the same way, and compares the outputs input set by input set. Only when they
are equal are the fixed files written.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import linecache
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Optional

from torchlint.lint.fix_files import FileChangedError, FileFix, write_atomic
from torchlint.lint.source import SourceError, decode


@dataclass
class FixVerification:
    ok: bool
    detail: str = ""
    mismatches: list[str] = field(default_factory=list)


def verify_fixes(
    target: str,
    inputs: Sequence[str],
    fixed_texts: dict[str, str],
    *,
    timeout: float = 600.0,
    cwd: Optional[str] = None,
) -> FixVerification:
    """Run ``target`` with the original files and with ``fixed_texts`` (path -> text) in a child
    process; ok when every input set gives equal outputs. Raises ``SpecError`` for bad specs."""
    from torchlint.runtime_check.spec import VerifyOptions, parse_inputs, parse_target

    cwd = cwd or os.getcwd()
    options = VerifyOptions(
        target=parse_target(target, cwd),
        inputs=[parse_inputs(text, cwd) for text in inputs],
        backends=(),
        repeat=0,
        warmup=0,
        cwd=cwd,
        sys_path=list(sys.path),
    )
    request = {
        "options": options.to_dict(),
        "fixed": {os.path.realpath(path): text for path, text in fixed_texts.items()},
    }
    with tempfile.TemporaryDirectory(prefix="torchlint-fix-verify-") as folder:
        request_path = os.path.join(folder, "request.json")
        result_path = os.path.join(folder, "result.json")
        with open(request_path, "w", encoding="utf-8") as handle:
            json.dump(request, handle)
        command = [sys.executable, "-m", "torchlint.fix_verify", request_path, result_path]
        process = subprocess.Popen(
            command,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return FixVerification(False, f"the check did not finish within {timeout:.0f} s")
        try:
            with open(result_path, encoding="utf-8") as handle:
                result = json.load(handle)
        except (OSError, ValueError):
            tail = output.decode("utf-8", "replace").strip().splitlines()[-5:]
            return FixVerification(
                False,
                f"the check process exited with status {process.returncode}: "
                + (" | ".join(tail) or "no output"),
            )
    return FixVerification(result["ok"], result.get("detail", ""), result.get("mismatches", []))


def write_verified(fixes: Sequence[FileFix]) -> None:
    """Write the fixed texts of ``fixes`` (already verified) as ``fix_paths`` would have."""
    for item in fixes:
        outcome = item.outcome
        if outcome is None or not outcome.changed or item.error is not None:
            continue
        try:
            with open(item.path, "rb") as handle:
                data = handle.read()
            source = decode(item.path, data)
        except (OSError, SourceError) as exc:
            item.error = f"cannot read back: {exc}; not written"
            continue
        if source.text != outcome.original:
            item.error = f"{item.path} changed on disk since it was read; not written"
            continue
        try:
            write_atomic(item.path, outcome.text.encode(source.encoding), expected=data)
            item.written = True
        except UnicodeEncodeError as exc:
            item.error = f"fixed text cannot be encoded as {source.encoding} ({exc.reason})"
        except FileChangedError as exc:
            item.error = str(exc)
        except OSError as exc:
            item.error = f"cannot write: {exc.strerror or exc}; the file is unchanged"


# -- the child ---------------------------------------------------------------------------------
class _FixedSourceLoader(importlib.machinery.SourceFileLoader):
    """Loads a module from its fixed text instead of the file (no bytecode cache either way)."""

    def __init__(self, fullname: str, path: str, text: str) -> None:
        super().__init__(fullname, path)
        self.text = text

    def get_code(self, fullname: str) -> Any:
        lines = self.text.splitlines(keepends=True)
        linecache.cache[self.path] = (len(self.text), None, lines, self.path)
        return compile(self.text, self.path, "exec", dont_inherit=True)


class _FixedSourceFinder(importlib.abc.MetaPathFinder):
    def __init__(self, fixed: dict[str, str]) -> None:
        self.fixed = fixed

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not spec.origin:
            return None
        text = self.fixed.get(os.path.realpath(spec.origin))
        if text is None:
            return None
        loader = _FixedSourceLoader(fullname, spec.origin, text)
        return importlib.util.spec_from_file_location(
            fullname,
            spec.origin,
            loader=loader,
            submodule_search_locations=spec.submodule_search_locations,
        )


def compare_sessions(original: Any, fixed: Any, rtol: Any, atol: Any) -> FixVerification:
    """Equal eager outputs of two sessions of one target, input set by input set."""
    from torchlint.runtime_check.compare import compare

    if len(original.expected) != len(fixed.expected):
        return FixVerification(
            False,
            f"the fixed code made {len(fixed.expected)} input sets, the original "
            f"{len(original.expected)}",
        )
    mismatches = []
    for index, (want, got) in enumerate(zip(original.expected, fixed.expected)):
        result = compare(want, got, rtol, atol)
        if not result.ok:
            where = f" at {result.leaf}" if result.leaf else ""
            mismatches.append(
                f"input set {index}{where}: {result.detail or f'max abs error {result.max_abs:.3g}'}"
            )
    if mismatches:
        return FixVerification(False, "the fixed code gives other outputs", mismatches)
    return FixVerification(True, f"equal outputs on {len(original.expected)} input set(s)")


def fixed_session(options: dict[str, Any], fixed: dict[str, str], user: Any) -> Any:
    """A new :class:`Session` of the target with ``fixed`` (real path -> text) in place of those
    files: the user's modules (``user``: the original session's ``UserFiles``) are forgotten
    first, so every one of them is imported again. Raises ``SetupError``."""
    from torchlint.runtime_check.worker import Session

    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path and path in user:
            del sys.modules[name]
    finder = _FixedSourceFinder(fixed)
    sys.meta_path.insert(0, finder)
    importlib.invalidate_caches()
    try:
        return Session(options)
    finally:
        sys.meta_path.remove(finder)  # the next session brings its own texts


def _run_child(request: dict[str, Any]) -> FixVerification:
    from torchlint.runtime_check.worker import Session, SetupError, apply_memory_limit

    options = request["options"]
    apply_memory_limit(options.get("memory_limit_mb"), options.get("device", "cpu"))
    try:
        original = Session(options)
    except SetupError as exc:
        return FixVerification(False, f"the original code failed ({exc.stage}): {exc.message}")
    try:
        fixed = fixed_session(options, request["fixed"], original.user)
    except SetupError as exc:
        return FixVerification(False, f"the fixed code failed ({exc.stage}): {exc.message}")
    return compare_sessions(original, fixed, options.get("rtol"), options.get("atol"))


def main() -> None:
    request_path, result_path = sys.argv[1], sys.argv[2]
    with open(request_path, encoding="utf-8") as handle:
        request = json.load(handle)
    try:
        outcome = _run_child(request)
    except BaseException as exc:  # anything the user's code raises: report it, never hang
        outcome = FixVerification(False, f"the check failed: {type(exc).__name__}: {exc}")
    with open(result_path, "w", encoding="utf-8") as handle:
        json.dump(
            {"ok": outcome.ok, "detail": outcome.detail, "mismatches": outcome.mismatches}, handle
        )
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
