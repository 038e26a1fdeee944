"""Parent side: run the worker in child processes, survive whatever the user's code does.

One child normally runs setup and every back-end (torch is imported once). Each phase (setup,
then each back-end) has its own timeout. When a child dies or hangs during a back-end, that
back-end is reported as ``crashed`` or ``timeout`` and a fresh child runs the remaining ones.
Children get a private temporary folder (TMPDIR) that is removed afterwards, their own process
group (so a hang is killed with everything it started), and a memory limit (RLIMIT_AS).
This module never imports torch.
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable, Optional

from torchlint.runtime_check.locate import UserFiles, locations_in_text
from torchlint.runtime_check.report import Report
from torchlint.runtime_check.spec import VerifyOptions

ProgressCallback = Callable[[str, dict[str, Any]], None]
_TAIL_BYTES = 16000


class _Child:
    """One worker process: its events and its captured output."""

    def __init__(
        self,
        options: VerifyOptions,
        backends: list[str],
        tmpdir: str,
        module: str = "torchlint.runtime_check.worker",
        keep_stdin: bool = False,
    ) -> None:
        """Start ``python -m module EVENT_FD`` and send it the request; with ``keep_stdin`` the
        request is a JSON line and stdin stays open for more (:meth:`send`)."""
        read_fd, write_fd = os.pipe()
        env = dict(os.environ)
        env.update(
            TMPDIR=tmpdir,
            TEMP=tmpdir,
            TMP=tmpdir,
            TORCHINDUCTOR_CACHE_DIR=os.path.join(tmpdir, "inductor"),
            TRITON_CACHE_DIR=os.path.join(tmpdir, "triton"),
            PYTHONFAULTHANDLER="1",
            PYTHONUNBUFFERED="1",
            PYTHONDONTWRITEBYTECODE="1",
        )
        self.process = subprocess.Popen(
            [sys.executable, "-m", module, str(write_fd)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            pass_fds=(write_fd,),
            cwd=options.cwd,
            env=env,
            start_new_session=True,
        )
        os.close(write_fd)
        self.events_fd = read_fd
        os.set_blocking(read_fd, False)
        os.set_blocking(self.process.stdout.fileno(), False)  # type: ignore[union-attr]
        request = {"options": options.to_dict(), "backends": backends}
        self.send(request)
        if not keep_stdin:
            self._close_stdin()
        self.selector = selectors.DefaultSelector()
        self.selector.register(read_fd, selectors.EVENT_READ, "events")
        self.selector.register(self.process.stdout, selectors.EVENT_READ, "output")  # type: ignore[arg-type]
        self.pending = b""
        self.output = bytearray()
        self.events_open = True

    def send(self, message: dict[str, Any]) -> None:
        """One JSON line to the child's stdin (lost if the child has gone: its end shows)."""
        try:
            self.process.stdin.write(json.dumps(message).encode() + b"\n")  # type: ignore[union-attr]
            self.process.stdin.flush()  # type: ignore[union-attr]
        except (BrokenPipeError, ValueError):
            pass

    def _close_stdin(self) -> None:
        try:
            self.process.stdin.close()  # type: ignore[union-attr]
        except BrokenPipeError:
            pass

    def wait_setup(self, timeout: float) -> tuple[Optional[dict[str, Any]], bool, Optional[int]]:
        """The child's setup event, or (None, whether ``timeout`` ran out, its exit status)
        with the child stopped when it died or hung first."""
        deadline = time.monotonic() + timeout
        event = self.next_event(deadline)
        if event is not None and event.get("event") == "setup":
            return event, False, None
        timed_out = time.monotonic() >= deadline
        return None, timed_out, self.finish(kill=True)

    def next_event(self, deadline: float) -> Optional[dict[str, Any]]:
        """The next event; None when the child ended (or closed its event pipe) or time ran out."""
        while True:
            if b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                if line.strip():
                    try:
                        return json.loads(line)
                    except ValueError:
                        continue
                continue
            if not self.events_open:
                return None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            for key, _ in self.selector.select(timeout=min(remaining, 0.5)):
                chunk = self._read(key.fileobj if key.data == "output" else self.events_fd)
                if key.data == "output":
                    if chunk:
                        self.output += chunk
                        del self.output[: max(0, len(self.output) - _TAIL_BYTES)]
                    elif chunk == b"":
                        self.selector.unregister(key.fileobj)
                elif chunk:
                    self.pending += chunk
                elif chunk == b"":
                    self.selector.unregister(self.events_fd)
                    self.events_open = False

    @staticmethod
    def _read(source: Any) -> Optional[bytes]:
        fd = source if isinstance(source, int) else source.fileno()
        try:
            return os.read(fd, 65536)
        except BlockingIOError:
            return None

    def finish(self, kill: bool) -> Optional[int]:
        """Stop the child (its whole process group when ``kill``), reap it, close pipes."""
        self._close_stdin()  # a child waiting for more requests sees the end
        if kill and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            code = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        try:  # what it printed last, for the report
            while True:
                chunk = self._read(self.process.stdout)
                if not chunk:
                    break
                self.output += chunk
        except OSError:
            pass
        del self.output[: max(0, len(self.output) - _TAIL_BYTES)]
        self.selector.close()
        for closer in (lambda: os.close(self.events_fd), self.process.stdout.close):  # type: ignore[union-attr]
            try:
                closer()
            except OSError:
                pass
        return code

    def tail(self) -> str:
        return self.output.decode("utf-8", "replace")


def describe_exit(code: Optional[int]) -> str:
    if code is None:
        return "did not exit"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"killed by {name}"
    return f"exited with code {code}"


def verify(options: VerifyOptions, progress: Optional[ProgressCallback] = None) -> Report:
    """Run every requested back-end on the target; never raises for what the user's code does."""
    started = time.perf_counter()
    report = Report(options=options)
    notify = progress or (lambda event, data: None)
    remaining = list(options.backends)
    user = UserFiles(
        [options.cwd] + ([os.path.dirname(options.target.path)] if options.target.path else [])
    )
    tmpdir = tempfile.mkdtemp(prefix="torchlint-verify-")
    try:
        first = True
        while first or remaining:
            child = _Child(options, remaining, tmpdir)
            notify("child_start", {"backends": list(remaining)})
            setup_timeout = options.setup_timeout or options.timeout
            event, timed_out, code = child.wait_setup(setup_timeout)
            if event is None:
                tail = child.tail()
                where = _crash_location(tail, user)
                report.setup = {
                    "ok": False,
                    "stage": "setup",
                    "status": "timeout" if timed_out else "crashed",
                    "error": (
                        f"setup (import, build, inputs, eager run) took over {setup_timeout:g} s"
                        if timed_out
                        else f"the child process {describe_exit(code)} during setup"
                    ),
                    "location": where,
                    "output_tail": tail[-1500:],
                }
                notify("setup", report.setup)
                break
            if first:
                report.setup = {k: v for k, v in event.items() if k != "event"}
                report.setup.setdefault("status", "ok" if event.get("ok") else "error")
                notify("setup", report.setup)
            if not event.get("ok"):
                child.finish(kill=True)
                break
            first = False
            current: Optional[str] = None
            while remaining:
                deadline = time.monotonic() + options.timeout
                event = child.next_event(deadline)
                if event is None:
                    timed_out = time.monotonic() >= deadline
                    code = child.finish(kill=True)
                    backend = current or remaining[0]
                    tail = child.tail()
                    result = _lost_backend(backend, timed_out, code, tail, options, user)
                    report.add(result)
                    notify("backend", result)
                    remaining.remove(backend)
                    break
                if event["event"] == "backend_start":
                    current = event["backend"]
                    notify("backend_start", {"backend": current})
                elif event["event"] == "backend":
                    report.add(event["result"])
                    notify("backend", event["result"])
                    remaining.remove(event["backend"])
                    current = None
            else:
                child.finish(kill=True)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    report.wall_s = time.perf_counter() - started
    if options.static:
        from torchlint.runtime_check.correlate import correlate

        report.static = correlate(report)
    return report


def _crash_location(tail: str, user: UserFiles) -> Optional[dict[str, Any]]:
    """The innermost user frame of faulthandler's dump ('File "m.py", line 9 in forward'), if any.
    faulthandler lists the most recent call first."""
    found = locations_in_text(tail, user)
    return found[0].to_dict() if found else None


def _lost_backend(
    backend: str,
    timed_out: bool,
    code: Optional[int],
    tail: str,
    options: VerifyOptions,
    user: UserFiles,
) -> dict[str, Any]:
    status = "timeout" if timed_out else "crashed"
    error = (
        f"no result after {options.timeout:g} s; the child was killed"
        if timed_out
        else f"the child process {describe_exit(code)}"
    )
    if not timed_out and code is not None and code < 0 and -code == signal.SIGKILL:
        error += " (out of memory?)"
    return {
        "backend": backend,
        "status": status,
        "converted": False,
        "stage": "convert",
        "error": error,
        "location": _crash_location(tail, user),
        "gb_code": None,
        "runs": [],
        "reload": None,
        "warnings": [],
        "graph_breaks": [],
        "convert_s": None,
        "latency": None,
        "notes": [],
        "elapsed_s": None,
        "output_tail": tail[-1500:],
    }
