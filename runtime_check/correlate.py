"""``--static``: line up torchlint's own findings with what torch did.

Each static finding on the target's files gets a status:
- ``confirmed``: a back-end the finding names failed, broke the graph, warned or diverged at the
  finding's lines (or diverged without naming any line while the finding's line ran);
- ``not observed``: the line ran in the eager run and every back-end it names that ran had no
  problem there (a false positive, or a problem these inputs do not show);
- ``not reached``: the line did not run, or the back-end stopped at an earlier error, or no
  back-end the finding names was run.
``missed`` lists torch's problems at user lines where no finding names that back-end.

The findings are ``torchlint check``'s over the project the model belongs to, with the project's
config: a finding on the model's file can depend on other files (``torch.jit.script(Model())``
in ``train.py`` makes ``Model.forward`` scripted code), so linting the model's files alone
would miss it. Only the findings on the files the child loaded are kept.
Linting reads files; it never imports them (the child did that already).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from torchlint.lint.diagnostics import Diagnostic
    from torchlint.lint.settings import Settings

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
# Where `torchlint check` keeps its cache in a project (DEFAULT_CACHE_DIRECTORY of the CLI,
# which this layer does not import); verify shares it, so a second --static run is quick.
CACHE_FOLDER = ".torchlint_cache"
# Files that mark a project's top folder when no torchlint config file does.
_PROJECT_MARKERS = (".git", ".hg", "pyproject.toml", "setup.py", "setup.cfg")


@dataclass
class ProjectLint:
    """``torchlint check``'s findings on some files, linted within their whole project."""

    root: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _inside(path: str, folder: str) -> bool:
    folder = os.path.realpath(folder)
    return os.path.realpath(path).startswith(folder.rstrip(os.sep) + os.sep)


def project_settings(anchor: str, cwd: str) -> Settings:
    """The settings ``torchlint check`` uses for the project holding ``anchor`` (a file).

    The project's top folder is the folder of the nearest torchlint config file, else the nearest
    folder above ``anchor`` with a project marker (.git, pyproject.toml, setup.py) inside ``cwd``,
    else ``cwd`` when ``anchor`` is inside it, else the folder its top package is imported from.
    Raises ``ConfigError`` for a config file that cannot be read.
    """
    from torchlint.lint.config import find_config_file, load_config_file, settings_from_table
    from torchlint.lint.settings import Settings

    config = find_config_file(Path(anchor))
    if config is not None:
        return settings_from_table(load_config_file(config))
    folder = os.path.dirname(os.path.realpath(anchor))
    if _inside(anchor, cwd):
        top = os.path.realpath(cwd)
        while folder != top and not any(
            os.path.exists(os.path.join(folder, m)) for m in _PROJECT_MARKERS
        ):
            folder = os.path.dirname(folder)
        return Settings(project_root=folder)
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        folder = os.path.dirname(folder)
    return Settings(project_root=folder)


def lint_project(
    files: list[str],
    anchor: str,
    cwd: str,
    cache_dir: Optional[str] = None,
    use_cache: bool = True,
) -> ProjectLint:
    """Lint the project ``anchor`` belongs to as ``torchlint check`` would (its files, its
    config, its cache: ``cache_dir``, else the config's, else the project's .torchlint_cache);
    keep the findings and errors on ``files``."""
    from torchlint.lint.config import ConfigError
    from torchlint.lint.discovery import discover
    from torchlint.lint.run import lint_files

    try:
        settings = project_settings(anchor, cwd)
    except ConfigError as exc:
        return ProjectLint(root="", errors=[str(exc)])
    root = settings.project_root or cwd
    wanted = {os.path.realpath(f) for f in files}
    # Loaded files outside the project (another folder on sys.path) are linted too, by name.
    outside = [f for f in files if not _inside(f, root)]
    found = discover([root, *outside], settings)
    if use_cache:
        cache_dir = cache_dir or settings.cache_dir or os.path.join(root, CACHE_FOLDER)
    results = lint_files(
        found.files,
        settings,
        jobs=os.cpu_count() or 1,
        cache_dir=cache_dir if use_cache else None,
    )
    kept = [r for r in results if os.path.realpath(r.path) in wanted]
    return ProjectLint(
        root=root,
        diagnostics=[d for r in kept for d in r.diagnostics],
        errors=[f"{e.path}: {e.message}" for r in kept for e in r.errors]
        + [f"{e.path}: {e.message}" for e in found.errors],
    )


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


def correlate(report: Any, lint: Optional[ProjectLint] = None) -> dict[str, Any]:
    """Each static finding on the loaded files with its status, and the problems none predicted.
    ``lint``: the project's findings when already known; by default the project is linted."""
    info = report.setup.get("info") or {}
    files = [os.path.realpath(f) for f in info.get("user_files") or []]
    coverage = {
        os.path.realpath(f): set(lines) for f, lines in (info.get("coverage") or {}).items()
    }
    out: dict[str, Any] = {
        "files": files,
        "project": None,
        "findings": [],
        "missed": [],
        "errors": [],
        "summary": "",
    }
    if not files:
        out["summary"] = "no user files were loaded"
        return out
    if lint is None:
        anchor = report.options.target.path or info.get("target_file") or files[0]
        options = report.options
        lint = lint_project(files, anchor, options.cwd, options.cache_dir, options.use_cache)
    out["project"] = lint.root
    diagnostics = lint.diagnostics
    out["errors"] = list(lint.errors)
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
