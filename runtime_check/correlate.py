"""``--static``: line up torchlint's own findings with what torch did.

Each static finding on the target's files gets a status:
- ``confirmed``: a back-end the finding names failed, broke the graph, warned or diverged at the
  finding's lines (or diverged without naming any line while the finding's line ran);
- ``not observed``: the line ran in the eager run and every back-end it names that ran had no
  problem there (a false positive, or a problem these inputs do not show);
- ``not reached``: the line did not run, or the back-end stopped at an earlier error, or no
  back-end the finding names was run.
``missed`` lists torch's problems at user lines where no finding names that back-end.
Linting reads files; it never imports them (the child did that already).
"""

from __future__ import annotations

import os
from typing import Any, Optional

# Which static target each verifier back-end checks.
FAMILY = {
    "script": "script",
    "trace": "trace",
    "compile": "compile",
    "export": "export",
    "export-strict": "export",
    "onnx": "export",
}
_PASSING = ("ok", "skipped")


def evidence(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Every user location torch tied to a problem of this back-end: (file, line, what)."""
    found: list[dict[str, Any]] = []

    def add(location: Optional[dict[str, Any]], what: Optional[str]) -> None:
        if location and location.get("file") and location.get("line"):
            found.append(
                {
                    "file": os.path.realpath(location["file"]),
                    "line": int(location["line"]),
                    "what": what or "",
                }
            )

    if result["status"] in _PASSING:
        return found
    add(result.get("location"), result.get("error"))
    if result.get("fullgraph_error"):
        add(result["fullgraph_error"].get("location"), result["fullgraph_error"].get("error"))
    for item in result.get("graph_breaks") or []:
        add(item.get("location"), f"graph break: {item.get('reason')}")
    for item in result.get("warnings") or []:
        add(item.get("location"), f"{item.get('category')}: {item.get('message')}")
    for run in result.get("runs") or []:
        add(run.get("location"), run.get("error"))
    return found


def _stopped(result: dict[str, Any]) -> bool:
    """The back-end gave up at its first problem, so later lines were never judged."""
    return result["status"] in ("crashed", "timeout") or (
        result["status"] == "fails"
        and result.get("stage") == "convert"
        and result["backend"] != "compile"
    )


def correlate(report: Any) -> dict[str, Any]:
    from torchlint.lint.run import lint_files

    info = report.setup.get("info") or {}
    files = [os.path.realpath(f) for f in info.get("user_files") or []]
    coverage = {
        os.path.realpath(f): set(lines) for f, lines in (info.get("coverage") or {}).items()
    }
    out: dict[str, Any] = {
        "files": files,
        "findings": [],
        "missed": [],
        "errors": [],
        "summary": "",
    }
    if not files:
        out["summary"] = "no user files were loaded"
        return out
    results = lint_files(files)
    diagnostics = [d for r in results for d in r.diagnostics]
    out["errors"] = [f"{e.path}: {e.message}" for r in results for e in r.errors]
    ran = [b for b in report.backends if b["status"] != "skipped"]
    located = {b["backend"]: evidence(b) for b in ran}
    for d in diagnostics:
        path = os.path.realpath(d.path)
        lines = range(d.line, (d.end_line or d.line) + 1)
        named = [b for b in ran if FAMILY.get(b["backend"]) in d.targets]
        entry = {
            "path": path,
            "line": d.line,
            "code": d.code,
            "name": d.name,
            "message": d.message,
            "targets": list(d.targets),
            "status": "not reached",
            "evidence": "",
            "backends": [],
        }
        covered = bool(coverage.get(path, set()).intersection(lines))
        hits = [
            (b["backend"], e["what"])
            for b in named
            for e in located[b["backend"]]
            if e["file"] == path and e["line"] in lines
        ]
        unlocated = [b for b in named if b["status"] not in _PASSING and not located[b["backend"]]]
        stopped = [b for b in named if _stopped(b) and not any(h[0] == b["backend"] for h in hits)]
        if hits:
            entry.update(
                status="confirmed",
                evidence=f"{hits[0][0]}: {hits[0][1][:120]}",
                backends=sorted({h[0] for h in hits}),
            )
        elif not named:
            entry["evidence"] = "no back-end it names was run"
        elif unlocated and covered:
            entry.update(
                status="confirmed",
                evidence=f"{unlocated[0]['backend']} {unlocated[0]['status']} and torch named no line",
                backends=[b["backend"] for b in unlocated],
            )
        elif not covered and d.targets != ("script",):
            entry["evidence"] = "the line did not run with these inputs"
        elif stopped:
            entry["evidence"] = f"{stopped[0]['backend']} stopped at an earlier problem"
        else:
            entry.update(status="not observed", backends=[b["backend"] for b in named])
        out["findings"].append(entry)
    flagged = {
        (os.path.realpath(d.path), line, target)
        for d in diagnostics
        for line in range(d.line, (d.end_line or d.line) + 1)
        for target in d.targets
    }
    seen = set()
    for b in ran:
        for e in located[b["backend"]]:
            key = (e["file"], e["line"], b["backend"])
            if (
                e["file"] in files
                and (e["file"], e["line"], FAMILY[b["backend"]]) not in flagged
                and key not in seen
            ):
                seen.add(key)
                out["missed"].append(
                    {
                        "path": e["file"],
                        "line": e["line"],
                        "backend": b["backend"],
                        "error": e["what"],
                    }
                )
    counts = {
        s: sum(1 for f in out["findings"] if f["status"] == s)
        for s in ("confirmed", "not observed", "not reached")
    }
    out["summary"] = (
        ", ".join(f"{n} {s}" for s, n in counts.items()) + f", {len(out['missed'])} missed"
    )
    return out
