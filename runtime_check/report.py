"""The verification report and its views: text table, JSON (every field), Markdown.

Torch-free. A report holds the setup outcome (import, build, inputs, eager run) and one result
dict per back-end as the worker produced it (see ``backends.py``) or as the parent wrote it for
a child that crashed or hung.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Optional

from torchlint.runtime_check.spec import VerifyOptions

PASSING = ("ok", "skipped")
_HEADER = (
    "back-end",
    "status",
    "convert",
    "matched",
    "worst abs / rel (leaf)",
    "reload",
    "eager ms (min-max)",
    "ms (min-max)",
    "speedup",
)
# torch.compile back-ends that capture the graph but generate no code: their speed-up is
# Dynamo's overhead, not what inductor would give.
_CAPTURE_ONLY = ("eager", "aot_eager")
_LABELS = {
    "ok": "ok",
    "fails": "FAILS",
    "diverges": "DIVERGES",
    "graph-breaks": "GRAPH BREAKS",
    "timeout": "TIMEOUT",
    "crashed": "CRASHED",
    "skipped": "skipped",
}


@dataclass
class Report:
    options: VerifyOptions
    setup: dict[str, Any] = field(default_factory=dict)
    backends: list[dict[str, Any]] = field(default_factory=list)
    static: Optional[dict[str, Any]] = None
    wall_s: float = 0.0

    def add(self, result: dict[str, Any]) -> None:
        self.backends.append(result)

    @property
    def setup_ok(self) -> bool:
        return bool(self.setup.get("ok"))

    @property
    def ok(self) -> bool:
        return self.setup_ok and all(b["status"] in PASSING for b in self.backends)

    @property
    def exit_code(self) -> int:
        """0: every back-end converted and matched; 1: some did not, or the target crashed or hung
        while being set up; 2: the target or inputs could not be used (usage error)."""
        if not self.setup_ok:
            return 1 if self.setup.get("status") in ("timeout", "crashed") else 2
        return 0 if self.ok else 1

    def backend(self, name: str) -> Optional[dict[str, Any]]:
        return next((b for b in self.backends if b["backend"] == name), None)

    def timing(self) -> dict[str, Optional[float]]:
        """Where the wall time went: the back-ends' own work vs the verifier's overhead."""
        info = self.setup.get("info") or {}
        child = info.get("timing") or {}
        backend_s = sum(b.get("elapsed_s") or 0.0 for b in self.backends)
        eager_s = child.get("eager_s") or 0.0
        return {
            "wall_s": self.wall_s,
            "backends_s": backend_s,
            "eager_s": eager_s,
            "import_torch_s": child.get("import_torch_s"),
            "setup_s": child.get("setup_s"),
            "overhead_s": max(0.0, self.wall_s - backend_s - eager_s),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.options.target.text,
            "ok": self.ok,
            "exit_code": self.exit_code,
            "options": self.options.to_dict(),
            "setup": self.setup,
            "backends": self.backends,
            "static": self.static,
            "timing": self.timing(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, default=str)

    # -- text -------------------------------------------------------------------------------------

    def render_text(self) -> str:
        lines = [self._headline()]
        if not self.setup_ok:
            lines.append(f"  {self.setup.get('stage', 'setup')}: {self.setup.get('error')}")
            if self.setup.get("location"):
                lines.append(f"  at {_where(self.setup['location'])}")
            tail = (self.setup.get("output_tail") or "").strip()
            if tail:
                lines.append("  last output of the child:")
                lines.extend("    " + t for t in _crash_excerpt(tail))
            return "\n".join(lines) + "\n"
        for note in (self.setup.get("info") or {}).get("notes", []):
            lines.append(f"  note: {note}")
        header = _HEADER
        rows = [header] + [self._row(b) for b in self.backends]
        widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
        lines.append("")
        for row in rows:
            lines.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        timed = [(b["backend"], b["latency"]) for b in self.backends if b.get("latency")]
        if timed:
            lines.append(
                "  latency: median (min-max) over rounds that time eager and then the back-end, "
                f"after {timed[0][1].get('warmup', 0)} warm-up round(s); rounds: "
                + ", ".join(f"{name} {latency['rounds']}" for name, latency in timed)
            )
        details = []
        for b in self.backends:
            details.extend(self._details(b))
        if details:
            lines.append("")
            lines.extend(details)
        if self.static:
            lines.append("")
            lines.extend(self._static_lines())
        t = self.timing()
        lines.append("")
        lines.append(
            f"  {sum(b['status'] in PASSING for b in self.backends)}/{len(self.backends)} back-ends "
            f"passed in {t['wall_s']:.1f} s (back-ends {t['backends_s']:.1f} s, verifier overhead "
            f"{t['overhead_s']:.1f} s incl. torch import {t['import_torch_s'] or 0:.1f} s)"
        )
        return "\n".join(lines) + "\n"

    def _headline(self) -> str:
        info = self.setup.get("info") or {}
        sets = info.get("input_sets") or []
        mode = "train" if self.options.train else "eval"
        extra = (
            f", {len(sets)} input sets, {info.get('device', self.options.device)}, {mode}"
            if sets
            else ""
        )
        verdict = "ok" if self.ok else ("error" if not self.setup_ok else "FAILED")
        return f"torchlint verify {self.options.target.text}: {verdict}{extra}"

    def _row(self, b: dict[str, Any]) -> tuple[str, ...]:
        runs = b.get("runs") or []
        matched = f"{sum(1 for r in runs if r['ok'])}/{len(runs)}" if runs else "-"
        worst = "-"
        compared = [r for r in runs if not r.get("error")]
        if compared:
            bad = next((r for r in compared if not r["ok"]), None)
            pick = bad or max(compared, key=lambda r: r.get("max_abs") or 0.0)
            worst = f"{pick.get('max_abs') or 0:.2g} / {pick.get('max_rel') or 0:.2g}"
            if pick.get("leaf"):
                worst += f" ({pick['leaf']})"
        reload = b.get("reload")
        reload_text = "-" if reload is None else ("ok" if reload.get("ok") else "differs")
        if reload and (reload.get("error") or any(r.get("error") for r in reload.get("runs", []))):
            reload_text = "FAILS"
        latency = b.get("latency") or {}
        convert = f"{b['convert_s']:.2f}s" if b.get("convert_s") is not None else "-"
        name = b["backend"]
        if b.get("compile_backend"):
            name += f" ({b['compile_backend']})"
        speedup = f"{latency['speedup']:.2f}x" if latency.get("speedup") else "-"
        return (
            name,
            _LABELS.get(b["status"], b["status"]),
            convert,
            matched,
            worst,
            reload_text,
            _ms(latency.get("eager_ms"), latency.get("eager_range_ms")),
            _ms(latency.get("backend_ms"), latency.get("backend_range_ms")),
            speedup,
        )

    def _details(self, b: dict[str, Any]) -> list[str]:
        out = []
        name = b["backend"]
        if (b["status"] not in PASSING or b.get("error")) and not _is_listed_break(b):
            where = f" at {_where(b['location'])}" if b.get("location") else ""
            code = f" [{b['gb_code']}]" if b.get("gb_code") else ""
            out.append(f"  {name}: {b.get('error')}{code}{where}")
        for item in b.get("graph_breaks") or []:
            code = f" [{item['gb_code']}]" if item.get("gb_code") else ""
            out.append(
                f"  {name}: graph break{code} {item['reason']} at {_where(item.get('location'))}"
            )
        for item in b.get("warnings") or []:
            out.append(
                f"  {name}: {item['category']}: {item['message']} at {_where(item.get('location'))}"
            )
        for note in b.get("notes") or []:
            out.append(f"  {name}: note: {note}")
        if b.get("compile_backend") in _CAPTURE_ONLY and b.get("latency"):
            out.append(
                f"  {name}: note: --compile-backend {b['compile_backend']} captures the graph "
                "and generates no code; this speed-up is not inductor's"
            )
        if b["status"] in ("crashed", "timeout") and b.get("output_tail"):
            out.append(f"  {name}: last output of the child:")
            out.extend("    " + t for t in _crash_excerpt(b["output_tail"]))
        return out

    def _static_lines(self) -> list[str]:
        static = self.static or {}
        project = f"; project {static['project']}" if static.get("project") else ""
        out = [f"  static findings vs torch ({static.get('summary', '')}{project}):"]
        for item in static.get("findings", []):
            out.append(
                f"    {item['status']:<13} {_where(item)} {item['code']} {item['message'][:70]}"
                + (f"  ({item['evidence'][:80]})" if item.get("evidence") else "")
            )
        for item in static.get("missed", []):
            out.append(f"    missed        {_where(item)} {item['backend']}: {item['error'][:80]}")
        if static.get("errors"):
            out.extend(f"    lint error: {e}" for e in static["errors"])
        return out

    # -- markdown ---------------------------------------------------------------------------------

    def render_markdown(self) -> str:
        mark = "✅" if self.ok else "❌"
        lines = [f"### {mark} `torchlint verify {self.options.target.text}`", ""]
        if not self.setup_ok:
            where = f" at `{_where(self.setup['location'])}`" if self.setup.get("location") else ""
            lines.append(
                f"**{self.setup.get('stage', 'setup')} failed**: {self.setup.get('error')}{where}"
            )
            return "\n".join(lines) + "\n"
        header = _HEADER
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "---|" * len(header))
        for b in self.backends:
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in self._row(b)) + " |")
        details = [d.strip() for b in self.backends for d in self._details(b)]
        if details:
            lines.append("")
            lines.extend(f"- {d}" for d in details)
        if self.static:
            lines.append("")
            lines.extend(f"- {line.strip()}" for line in self._static_lines())
        return "\n".join(lines) + "\n"


def _is_listed_break(b: dict[str, Any]) -> bool:
    """The error of a ``graph-breaks`` result is fullgraph=True's first break; when the break
    list holds it (same GB code and line, or the same GB code where the error named no line),
    printing both would show that break twice."""
    if b["status"] != "graph-breaks":
        return False

    def key(item: dict[str, Any]) -> tuple:
        where = item.get("location") or {}
        path = where.get("file")
        return item.get("gb_code"), os.path.realpath(path) if path else None, where.get("line")

    code, path, _ = mine = key(b)
    return any(
        key(item) == mine or (code and path is None and item.get("gb_code") == code)
        for item in b.get("graph_breaks") or []
    )


def _crash_excerpt(tail: str, limit: int = 8) -> list[str]:
    """The start of a faulthandler dump (error and innermost frames) or the last lines."""
    lines = [t for t in tail.strip().splitlines() if not t.startswith("Extension modules:")]
    for i, line in enumerate(lines):
        if line.startswith("Fatal Python error"):
            return lines[i : i + limit]
    return lines[-limit:]


def _ms(value: Optional[float], spread: Optional[list[float]] = None) -> str:
    if value is None:
        return "-"
    return f"{value:.3g}" + (f" ({spread[0]:.3g}-{spread[1]:.3g})" if spread else "")


def _where(location: Optional[dict[str, Any]]) -> str:
    if not location:
        return "?"
    path = location.get("file") or location.get("path") or "?"
    try:
        rel = os.path.relpath(path)
        path = path if rel.startswith("..") else rel
    except ValueError:
        pass
    return f"{path}:{location.get('line')}"
