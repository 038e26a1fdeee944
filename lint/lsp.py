"""The language server: ``torchlint lsp`` speaks the Language Server Protocol over stdio.

It lints the editor's in-memory text on open, change (debounced) and save, and publishes the
findings as LSP diagnostics (code, rule name, the back-ends in the message, a link to the rule
docs). Code actions: the fix of a finding (quickfix), every safe fix of the file
(``source.fixAll.torchlint``) and "suppress with ``# noqa``". Hovering a finding shows its rule's
documentation. Settings come from the workspace's ``pyproject.toml`` and are reloaded when it
changes (a broken file is shown to the user once and the last good settings stay in force);
cross-file facts (a class defined in another file) come from a project index of the
workspace, built from ``ast`` summaries in a background thread and kept up to date as files
change. The user's code is never imported, and an error in one rule or one file is logged and
never stops the server.

Per open document the server keeps an :class:`~torchlint.lint.incremental.IncrementalLinter`:
an edit re-parses and re-lints only the top-level statements it touched (published at once),
and the whole file is re-linted when the editor goes idle, on save, and before code actions.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import tokenize
import traceback
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import Any, Optional

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from torchlint import __version__
from torchlint.lint.config import (
    CONFIG_FILE_NAMES,
    find_config_file,
    load_config_file,
    settings_from_table,
)
from torchlint.lint.diagnostics import Diagnostic, Edit
from torchlint.lint.engine import selected_rules
from torchlint.lint.fixes import fix_text
from torchlint.lint.incremental import IncrementalLinter
from torchlint.lint.registry import rule_by_code_or_name
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.settings import Settings
from torchlint.lint.source import SourceError
from torchlint.lint.suppressions import Directive, parse_directives

logger = logging.getLogger("torchlint.lsp")

SOURCE_NAME = "torchlint"
FIX_ALL_KIND = "source.fixAll.torchlint"
# Rule documentation links: ``{base}{CODE}/`` (the page ``torchlint rule CODE`` prints offline).
# Clients can point them elsewhere with the initialization option ``docsUrl``.
DEFAULT_DOCS_URL = "https://torchlint.readthedocs.io/en/latest/rules/"
DEFAULT_DEBOUNCE_MS = 10
# An edit re-lints the statements it touched at once; the whole file is re-linted (cross-function
# facts refreshed) once the editor has been idle this long.
DEFAULT_FULL_LINT_DELAY_MS = 400
# Workspace indexing limits: the index only has to answer cross-file facts, so a huge tree is
# capped rather than stalling the editor.
MAX_INDEXED_FILES = 20_000
MAX_INDEXED_BYTES = 2_000_000
SKIPPED_FOLDERS = frozenset(
    {"__pycache__", "node_modules", "build", "dist", "site-packages", "venv", "env"}
)
SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}
_NEWLINE = re.compile(r"\r\n|\r|\n")
_NOQA = re.compile(
    r"#\s*noqa(?P<rest>:\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?\s*$", re.IGNORECASE
)


def rule_docs_url(code: str, base: str = DEFAULT_DOCS_URL) -> str:
    return f"{base.rstrip('/')}/{code}/"


def split_lines(text: str) -> list[str]:
    """Lines as Python and LSP count them (``\\n``, ``\\r\\n``, ``\\r``), without terminators."""
    return _NEWLINE.split(text)


def workspace_settings(root: Optional[str]) -> Settings:
    """Settings from the config file (``[tool.torchlint]`` in pyproject.toml, or torchlint.toml)
    that applies to the workspace root; defaults when there is none."""
    if root is None:
        return Settings()
    found = find_config_file(Path(root))
    if found is None:
        return Settings(project_root=root)
    return settings_from_table(load_config_file(found))


@dataclass
class LintedDocument:
    """What the server knows about one open document after its last lint."""

    uri: str
    path: str
    version: Optional[int]
    text: str
    lines: list[str]
    diagnostics: list[Diagnostic] = field(default_factory=list)


class TorchlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "torchlint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental
        )
        self.roots: list[str] = []
        self.settings = Settings()
        self.index = ProjectIndex()
        self.docs_url = DEFAULT_DOCS_URL
        self.debounce_s = DEFAULT_DEBOUNCE_MS / 1000
        self.full_lint_delay_s = DEFAULT_FULL_LINT_DELAY_MS / 1000
        self.linted: dict[str, LintedDocument] = {}
        self.linters: dict[str, IncrementalLinter] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._index_generation = 0
        # The config error last shown to the user: a reload that hits the same one stays quiet.
        self._shown_config_error: Optional[str] = None
        self._settings_loaded = False
        self._indexer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="torchlint-index")

    # -- logging ---------------------------------------------------------------------------
    def log(self, message: str, level: types.MessageType = types.MessageType.Info) -> None:
        try:
            self.window_log_message(types.LogMessageParams(type=level, message=message))
        except Exception:  # no client to talk to (tests, shutdown): stderr is enough
            logger.log(logging.WARNING if level <= 2 else logging.INFO, message)

    def show(self, message: str, level: types.MessageType = types.MessageType.Error) -> None:
        """A message the user must see (``window/showMessage``), not only the log."""
        try:
            self.window_show_message(types.ShowMessageParams(type=level, message=message))
        except Exception:
            logger.warning(message)

    # -- configuration and index -------------------------------------------------------------
    def configure(self, params: types.InitializeParams) -> None:
        roots = [to_fs_path(f.uri) for f in params.workspace_folders or []]
        if not roots and params.root_uri:
            roots = [to_fs_path(params.root_uri)]
        elif not roots and params.root_path:
            roots = [params.root_path]
        self.roots = [r for r in roots if r]
        options = params.initialization_options
        if isinstance(options, dict):
            self.docs_url = str(options.get("docsUrl", self.docs_url))
            if "debounceMs" in options:
                self.debounce_s = max(0.0, float(options["debounceMs"]) / 1000)
            if "fullLintDelayMs" in options:
                self.full_lint_delay_s = max(0.0, float(options["fullLintDelayMs"]) / 1000)
        # Settings only: the workspace is indexed once, on ``initialized``.
        self.load_settings()

    def load_settings(self) -> None:
        """Read the workspace's config; on an error keep the last good settings (defaults before
        any) and show the error to the user, once per distinct error."""
        root = self.roots[0] if self.roots else None
        try:
            self.settings = workspace_settings(root)
        except Exception as exc:
            message = f"torchlint: cannot read settings: {exc}"
            self.log(message, types.MessageType.Error)
            if message != self._shown_config_error:
                self._shown_config_error = message
                kept = "the previous settings" if self._settings_loaded else "the defaults"
                self.show(f"{message} (using {kept} until it is fixed)")
            if not self._settings_loaded:  # the defaults, as for a workspace without config
                self.settings = Settings(project_root=root)
            return
        self._settings_loaded = True
        self._shown_config_error = None  # the same mistake made again later is shown again

    def reload_settings(self) -> None:
        """The config file changed: read it again and re-index with the new settings."""
        self.load_settings()
        self.linters.clear()
        self.start_indexing()

    def start_indexing(self) -> None:
        """Build a fresh index of the workspace in a thread, then swap it in."""
        self._index_generation += 1
        generation = self._index_generation
        self.index = self._new_index()
        for linted in self.linted.values():
            self.index.add_source(linted.path, linted.text)
        if not self.roots:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        future = loop.run_in_executor(self._indexer, self._build_index, list(self.roots))
        future.add_done_callback(lambda done: self._index_ready(done, generation))

    def _new_index(self) -> ProjectIndex:
        return ProjectIndex(script_all_modules=self.settings.script_all_modules)

    def _build_index(self, roots: Sequence[str]) -> ProjectIndex:
        index = self._new_index()
        for path in workspace_python_files(roots):
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    index.add_source(path, handle.read())
            except Exception as exc:  # one unreadable file must not stop the index
                logger.warning("torchlint: cannot index %s: %s", path, exc)
        return index

    def _index_ready(self, done: asyncio.Future, generation: int) -> None:
        if generation != self._index_generation or done.cancelled():
            return
        if done.exception() is not None:
            self.log(f"torchlint: indexing failed: {done.exception()}", types.MessageType.Error)
            return
        index: ProjectIndex = done.result()
        for linted in self.linted.values():  # open documents: the editor's text wins
            index.add_source(linted.path, linted.text)
        self.index = index
        self.log(f"torchlint: indexed {len(index.by_path)} files")
        for uri in list(self.linted):
            self.lint_and_publish(uri)

    def file_changed_on_disk(self, path: str, deleted: bool) -> None:
        if any(linted.path == path for linted in self.linted.values()):
            return  # the editor's text is authoritative for open documents
        if deleted:
            if path in self.index.by_path:
                self.index.add_source(path, "")  # an empty module: nothing left to resolve
            return
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                self.index.add_source(path, handle.read())
        except OSError:
            pass

    # -- linting -----------------------------------------------------------------------------
    def schedule_lint(self, uri: str, delay: float, full: bool = False) -> None:
        self.cancel_lint(uri)
        loop = asyncio.get_running_loop()
        self._timers[uri] = loop.call_later(delay, self._timer_fired, uri, full)

    def cancel_lint(self, uri: str) -> None:
        timer = self._timers.pop(uri, None)
        if timer is not None:
            timer.cancel()

    def _timer_fired(self, uri: str, full: bool) -> None:
        self._timers.pop(uri, None)
        self.lint_and_publish(uri, full)

    def lint_document(self, uri: str, full: bool = True) -> Optional[LintedDocument]:
        """Lint the current text of ``uri`` (never raises: failures are logged)."""
        try:
            document = self.workspace.get_text_document(uri)
            text = document.source
        except Exception as exc:
            self.log(f"torchlint: cannot read {uri}: {exc}", types.MessageType.Error)
            return None
        path = to_fs_path(uri) or uri
        linted = LintedDocument(uri, path, document.version, text, split_lines(text))
        try:
            linted.diagnostics = self._lint_text(uri, path, text, full)
        except Exception:
            self.linters.pop(uri, None)
            self.log(
                f"torchlint: internal error linting {path}:\n{traceback.format_exc()}",
                types.MessageType.Error,
            )
        self.linted[uri] = linted
        return linted

    def _lint_text(self, uri: str, path: str, text: str, full: bool) -> list[Diagnostic]:
        linter = self.linters.get(uri)
        if linter is None:
            linter = self.linters[uri] = IncrementalLinter()
        try:
            result = linter.lint(
                path, text, self.index, self.settings, selected_rules(self.settings), full=full
            )
        except SourceError as exc:
            return [syntax_error_diagnostic(path, text, exc)]
        for error in result.errors:
            self.log(f"torchlint: {path}: {error.message}", types.MessageType.Warning)
        return result.diagnostics

    def lint_and_publish(self, uri: str, full: bool = True) -> None:
        linted = self.lint_document(uri, full)
        if linted is None:
            return
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri,
                version=linted.version,
                diagnostics=[self.to_lsp(linted, d) for d in linted.diagnostics],
            )
        )
        linter = self.linters.get(uri)
        if linter is not None and not linter.complete:
            self.schedule_lint(uri, self.full_lint_delay_s, full=True)

    def current(self, uri: str) -> Optional[LintedDocument]:
        """The lint of the document's current version (linting now if an edit is pending)."""
        linted = self.linted.get(uri)
        try:
            version = self.workspace.get_text_document(uri).version
        except Exception:
            return linted
        linter = self.linters.get(uri)
        stale = linter is None or not linter.complete
        if linted is None or linted.version != version or stale:
            self.cancel_lint(uri)
            linted = self.lint_document(uri)
        return linted

    # -- conversions -----------------------------------------------------------------------
    def position(self, lines: Sequence[str], line: int, column: int) -> types.Position:
        """1-based line and code-point column -> LSP position in the client's units."""
        row = min(max(line - 1, 0), max(len(lines) - 1, 0))
        text = lines[row] if lines else ""
        prefix = text[: max(column - 1, 0)]
        units = (
            len(prefix)
            if prefix.isascii()
            else self.workspace.position_codec.client_num_units(prefix)
        )
        return types.Position(line=row, character=units)

    def range(
        self, lines: Sequence[str], line: int, column: int, end_line: int, end_column: int
    ) -> types.Range:
        return types.Range(
            start=self.position(lines, line, column), end=self.position(lines, end_line, end_column)
        )

    def to_lsp(self, linted: LintedDocument, diagnostic: Diagnostic) -> types.Diagnostic:
        message = diagnostic.message
        if diagnostic.targets:
            message = f"{message} (breaks: {', '.join(diagnostic.targets)})"
        return types.Diagnostic(
            range=self.range(
                linted.lines,
                diagnostic.line,
                diagnostic.column,
                diagnostic.end_line,
                diagnostic.end_column,
            ),
            message=f"{diagnostic.name}: {message}",
            severity=SEVERITY.get(diagnostic.severity, types.DiagnosticSeverity.Error),
            code=diagnostic.code,
            code_description=types.CodeDescription(
                href=rule_docs_url(diagnostic.code, self.docs_url)
            ),
            source=SOURCE_NAME,
            data={"name": diagnostic.name, "targets": list(diagnostic.targets)},
        )

    def text_edits(self, linted: LintedDocument, edits: Iterable[Edit]) -> list[types.TextEdit]:
        return [
            types.TextEdit(
                range=self.range(linted.lines, e.line, e.column, e.end_line, e.end_column),
                new_text=e.content,
            )
            for e in edits
        ]

    # -- code actions ------------------------------------------------------------------------
    def code_actions(self, params: types.CodeActionParams) -> list[types.CodeAction]:
        uri = params.text_document.uri
        linted = self.current(uri)
        if linted is None:
            return []
        only = params.context.only
        wanted_quickfix = only is None or any(
            kind_matches(types.CodeActionKind.QuickFix, k) for k in only
        )
        wanted_fix_all = only is None or any(kind_matches(FIX_ALL_KIND, k) for k in only)
        actions: list[types.CodeAction] = []
        if wanted_quickfix:
            start = params.range.start.line + 1
            end = params.range.end.line + 1
            noqa_blocked = strings_spanning_lines(linted.text)
            directives = parse_directives(linted.text)
            for diagnostic in linted.diagnostics:
                if diagnostic.end_line < start or diagnostic.line > end:
                    continue
                lsp_diagnostic = self.to_lsp(linted, diagnostic)
                if diagnostic.fix is not None:
                    actions.append(
                        types.CodeAction(
                            title=f"{diagnostic.fix.message or 'Fix'} ({diagnostic.code})",
                            kind=types.CodeActionKind.QuickFix,
                            diagnostics=[lsp_diagnostic],
                            is_preferred=diagnostic.fix.applicability == "safe",
                            edit=types.WorkspaceEdit(
                                changes={uri: self.text_edits(linted, diagnostic.fix.edits)}
                            ),
                        )
                    )
                if diagnostic.line not in noqa_blocked:
                    edit = noqa_edit(linted.lines, diagnostic.line, diagnostic.code, directives)
                    if edit is not None:
                        actions.append(
                            types.CodeAction(
                                title=f"Suppress {diagnostic.code} on this line (# noqa)",
                                kind=types.CodeActionKind.QuickFix,
                                diagnostics=[lsp_diagnostic],
                                edit=types.WorkspaceEdit(
                                    changes={uri: self.text_edits(linted, [edit])}
                                ),
                            )
                        )
        if wanted_fix_all and any(
            d.fix is not None and d.fix.applicability == "safe" for d in linted.diagnostics
        ):
            # The CLI's fixer: rounds until nothing changes, every round checked to compile.
            outcome = fix_text(
                linted.path, linted.text, self.settings, unsafe=False, index=self.index
            )
            self.index.add_source(linted.path, linted.text)  # fix_text indexed its own rounds
            if outcome.changed:
                edit = whole_text_edit(linted.text, outcome.text)
                actions.append(
                    types.CodeAction(
                        title="torchlint: fix all safe issues",
                        kind=FIX_ALL_KIND,
                        edit=types.WorkspaceEdit(changes={uri: self.text_edits(linted, [edit])}),
                    )
                )
        return actions

    # -- hover -------------------------------------------------------------------------------
    def hover(self, params: types.HoverParams) -> Optional[types.Hover]:
        linted = self.current(params.text_document.uri)
        if linted is None:
            return None
        line = params.position.line + 1
        found = [
            d
            for d in linted.diagnostics
            if d.line <= line <= d.end_line and self._covers(linted, d, params.position)
        ]
        if not found:
            return None
        sections = []
        for diagnostic in found:
            rule = rule_by_code_or_name(diagnostic.code)
            docs = rule.documentation() if rule is not None else ""
            targets = f" (breaks: {', '.join(diagnostic.targets)})" if diagnostic.targets else ""
            sections.append(
                f"**{diagnostic.code} {diagnostic.name}**{targets}\n\n{diagnostic.message}"
                f"\n\n{docs}\n\n[Rule documentation]({rule_docs_url(diagnostic.code, self.docs_url)})"
            )
        return types.Hover(
            contents=types.MarkupContent(
                kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(sections)
            )
        )

    def _covers(self, linted: LintedDocument, d: Diagnostic, position: types.Position) -> bool:
        span = self.range(linted.lines, d.line, d.column, d.end_line, d.end_column)
        start = (span.start.line, span.start.character)
        end = (span.end.line, span.end.character)
        return start <= (position.line, position.character) <= end


def kind_matches(kind: str, requested: str) -> bool:
    """LSP code action kinds are hierarchical: asking for ``source`` includes ``source.fixAll``."""
    return kind == requested or kind.startswith(requested + ".")


def whole_text_edit(old: str, new: str) -> Edit:
    """One edit turning ``old`` into ``new``: the changed middle, between the common ends."""
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    line, column = offset_position(old, start)
    end_line, end_column = offset_position(old, len(old) - end)
    return Edit(line, column, end_line, end_column, new[start : len(new) - end])


def offset_position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of a character offset, counting ``\r\n``, ``\r``, ``\n``."""
    before = text[:offset]
    breaks = list(_NEWLINE.finditer(before))
    if not breaks:
        return 1, offset + 1
    return len(breaks) + 1, offset - breaks[-1].end() + 1


def noqa_edit(
    lines: Sequence[str], line: int, code: str, directives: Sequence[Directive]
) -> Optional[Edit]:
    """The edit that suppresses ``code`` on ``line``: extend its ``# noqa: ...`` or append one.

    None when a directive on the line covers the code already (a bare ``# noqa`` covers all).
    """
    if not 1 <= line <= len(lines):
        return None
    on_line = [d for d in directives if d.line == line and d.kind in ("noqa", "ignore")]
    if any(d.matches(code) is not None for d in on_line):
        return None
    for directive in on_line:
        if directive.kind == "noqa" and directive.codes:
            column = directive.end_column
            return Edit(line, column, line, column, f", {code}")
    text = lines[line - 1]
    stripped = text.rstrip()
    separator = "  " if stripped else ""
    return Edit(line, len(stripped) + 1, line, len(text) + 1, f"{separator}# noqa: {code}")


def strings_spanning_lines(text: str) -> set[int]:
    """Lines whose end lies inside a multi-line string: a comment appended there would become
    part of the string, so no noqa action is offered on them."""
    blocked: set[int] = set()
    try:
        for token in tokenize.generate_tokens(StringIO(text).readline):
            if token.type == tokenize.STRING and token.end[0] > token.start[0]:
                blocked.update(range(token.start[0], token.end[0]))
            elif getattr(tokenize, "FSTRING_START", None) == token.type:
                pass
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return blocked


def syntax_error_diagnostic(path: str, text: str, exc: SourceError) -> Diagnostic:
    line = exc.line or 1
    column = exc.column or 1
    return Diagnostic(
        path=path,
        line=line,
        column=column,
        end_line=line,
        end_column=column + 1,
        code="E999",
        name="syntax-error",
        message=exc.message,
        severity="error",
    )


def workspace_python_files(roots: Sequence[str]) -> Iterable[str]:
    """The workspace's ``.py`` files, skipping hidden, build and virtual-environment folders."""
    count = 0
    for root in roots:
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".")
                and d not in SKIPPED_FOLDERS
                and not os.path.exists(os.path.join(folder, d, "pyvenv.cfg"))
            )
            for name in sorted(names):
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                try:
                    if os.path.getsize(path) > MAX_INDEXED_BYTES:
                        continue
                except OSError:
                    continue
                yield path
                count += 1
                if count >= MAX_INDEXED_FILES:
                    return


def create_server() -> TorchlintServer:
    server = TorchlintServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: TorchlintServer, params: types.InitializeParams) -> None:
        ls.configure(params)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: TorchlintServer, params: types.InitializedParams) -> None:
        ls.start_indexing()
        capabilities = ls.client_capabilities.workspace
        watched = capabilities.did_change_watched_files if capabilities else None
        if watched is not None and watched.dynamic_registration:
            try:
                await ls.client_register_capability_async(
                    types.RegistrationParams(
                        registrations=[
                            types.Registration(
                                id="torchlint-watched-files",
                                method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                register_options=types.DidChangeWatchedFilesRegistrationOptions(
                                    watchers=[
                                        types.FileSystemWatcher(
                                            glob_pattern="**/{" + ",".join(CONFIG_FILE_NAMES) + "}"
                                        ),
                                        types.FileSystemWatcher(glob_pattern="**/*.py"),
                                    ]
                                ),
                            )
                        ]
                    )
                )
            except Exception as exc:
                ls.log(f"torchlint: cannot watch files: {exc}", types.MessageType.Warning)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: TorchlintServer, params: types.DidOpenTextDocumentParams) -> None:
        if is_python(params.text_document.uri, params.text_document.language_id):
            ls.lint_and_publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: TorchlintServer, params: types.DidChangeTextDocumentParams) -> None:
        if params.text_document.uri in ls.linted:
            ls.schedule_lint(params.text_document.uri, ls.debounce_s, full=False)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    def did_save(ls: TorchlintServer, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        if is_config_file(uri):
            ls.reload_settings()
            for open_uri in list(ls.linted):
                ls.lint_and_publish(open_uri)
        elif uri in ls.linted:
            ls.lint_and_publish(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: TorchlintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.cancel_lint(uri)
        linted = ls.linted.pop(uri, None)
        ls.linters.pop(uri, None)
        if linted is not None:
            ls.file_changed_on_disk(linted.path, deleted=not os.path.exists(linted.path))
            ls.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(
        ls: TorchlintServer, params: types.DidChangeWatchedFilesParams
    ) -> None:
        reload = False
        for change in params.changes:
            path = to_fs_path(change.uri) or change.uri
            if is_config_file(change.uri):
                reload = True
            elif path.endswith(".py"):
                ls.file_changed_on_disk(path, deleted=change.type == types.FileChangeType.Deleted)
        if reload:
            ls.reload_settings()
        for uri in list(ls.linted):
            ls.lint_and_publish(uri)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND],
            resolve_provider=False,
        ),
    )
    def code_action(ls: TorchlintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        try:
            return ls.code_actions(params)
        except Exception:
            ls.log(
                f"torchlint: code action failed:\n{traceback.format_exc()}", types.MessageType.Error
            )
            return []

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: TorchlintServer, params: types.HoverParams) -> Optional[types.Hover]:
        try:
            return ls.hover(params)
        except Exception:
            ls.log(f"torchlint: hover failed:\n{traceback.format_exc()}", types.MessageType.Error)
            return None

    return server


def is_config_file(uri: str) -> bool:
    return Path(to_fs_path(uri) or uri).name in CONFIG_FILE_NAMES


def is_python(uri: str, language_id: Optional[str]) -> bool:
    return language_id == "python" or uri.endswith((".py", ".pyi"))


def serve(stdin: Any = None, stdout: Any = None) -> None:
    """Run the server over stdio until the client sends ``exit``."""
    logging.basicConfig(level=logging.WARNING, format="torchlint-lsp: %(message)s")
    create_server().start_io(stdin, stdout)
