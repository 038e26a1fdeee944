"""The language server, tested as an editor uses it: ``torchlint lsp`` in a subprocess, LSP
over stdio (pygls's client)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

from tests.lsp_client import LspSession, apply_text_edits, as_changes  # noqa: E402
from torchlint.lint.lsp import DEFAULT_DOCS_URL, FIX_ALL_KIND, noqa_edit, whole_text_edit  # noqa: E402
from torchlint.lint.suppressions import parse_directives  # noqa: E402

MODELS = """\
from torch import nn


class Base(nn.Module):
    pass
"""
# Net is an nn.Module only through Base, defined in another file: the finding needs the index.
NET = """\
import torch
from models import Base


class Net(Base):
    def forward(self, x):
        print("x", x.shape)
        return torch.relu(x)
"""


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 120))


def tl_codes(params: types.PublishDiagnosticsParams) -> list[str]:
    return [str(d.code) for d in params.diagnostics]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    (tmp_path / "models.py").write_text(MODELS)
    (tmp_path / "net.py").write_text(NET)
    return tmp_path


def test_diagnostics_fix_noqa_hover_as_a_client(workspace: Path) -> None:
    async def session() -> None:
        lsp = LspSession(workspace, {"debounceMs": 10})
        result = await lsp.start()
        assert result.capabilities.code_action_provider is not None
        path = workspace / "net.py"
        uri = from_fs_path(str(path))
        published = await lsp.open(path)
        assert tl_codes(published) == ["TL301"]
        diagnostic = published.diagnostics[0]
        assert diagnostic.range.start == types.Position(line=6, character=8)
        assert diagnostic.source == "torchlint"
        assert "print-in-graph" in diagnostic.message and "compile" in diagnostic.message
        assert diagnostic.code_description.href == f"{DEFAULT_DOCS_URL}TL301/"
        assert diagnostic.severity == types.DiagnosticSeverity.Error

        hover = await lsp.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=6, character=10),
            )
        )
        assert hover is not None and "## Why is this bad?" in hover.contents.value
        assert "TL301" in hover.contents.value
        nothing = await lsp.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=0, character=1),
            )
        )
        assert nothing is None

        actions = await lsp.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        )
        titles = {a.title: a for a in actions}
        kinds = {a.kind for a in actions}
        assert types.CodeActionKind.QuickFix in kinds and FIX_ALL_KIND in kinds
        noqa = next(a for t, a in titles.items() if "noqa" in t)
        noqa_text = apply_text_edits(NET, noqa.edit.changes[uri])
        assert '        print("x", x.shape)  # noqa: TL301\n' in noqa_text
        fix = next(a for a in actions if a.kind == types.CodeActionKind.QuickFix and a.is_preferred)
        fixed = apply_text_edits(NET, fix.edit.changes[uri])
        assert "if not torch.compiler.is_compiling():" in fixed

        # Apply the quick fix the way an editor does: a didChange with the edits.
        version = lsp.change(uri, as_changes(fix.edit.changes[uri]))
        waiter = lsp.expect(uri, version)
        after = await asyncio.wait_for(waiter, 60)
        assert tl_codes(after) == []

        # Undo it by typing the print back, then suppress it with the noqa action's text.
        whole = types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=99, character=0)
        )
        version = lsp.change(uri, [types.TextEdit(range=whole, new_text=noqa_text)])
        after = await asyncio.wait_for(lsp.expect(uri, version), 60)
        assert tl_codes(after) == []
        version = lsp.change(uri, [types.TextEdit(range=whole, new_text=NET)])
        after = await asyncio.wait_for(lsp.expect(uri, version), 60)
        assert tl_codes(after) == ["TL301"]

        fix_all = await lsp.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(
                    start=types.Position(line=0, character=0),
                    end=types.Position(line=0, character=0),
                ),
                context=types.CodeActionContext(
                    diagnostics=[], only=[types.CodeActionKind.SourceFixAll]
                ),
            )
        )
        assert [a.kind for a in fix_all] == [FIX_ALL_KIND]
        assert "is_compiling" in apply_text_edits(NET, fix_all[0].edit.changes[uri])
        await lsp.stop()

    run(session())


def test_settings_reload_and_bad_file(workspace: Path) -> None:
    """Selecting away a rule in pyproject.toml takes effect when the file is saved; a file that
    does not parse gets a syntax-error diagnostic and the server keeps serving."""

    async def session() -> None:
        lsp = LspSession(workspace, {"debounceMs": 0})
        await lsp.start()
        path = workspace / "net.py"
        uri = from_fs_path(str(path))
        assert tl_codes(await lsp.open(path)) == ["TL301"]

        config = workspace / "pyproject.toml"
        config.write_text('[tool.torchlint]\nignore = ["TL301"]\n')
        settled = lsp.settle(uri, lambda params: tl_codes(params) == [])
        lsp.client.text_document_did_save(
            types.DidSaveTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=from_fs_path(str(config)))
            )
        )
        # A re-lint with the old settings may still be in flight; the reload's publish follows.
        assert tl_codes(await settled) == []

        broken = workspace / "broken.py"
        broken_uri = from_fs_path(str(broken))
        published = await lsp.open(broken, "def f(:\n    pass\n")
        assert tl_codes(published) == ["E999"]
        # Still alive: a change to the first document is answered.
        whole = types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=99, character=0)
        )
        config.write_text("")
        lsp.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[
                    types.FileEvent(
                        uri=from_fs_path(str(config)), type=types.FileChangeType.Changed
                    )
                ]
            )
        )
        version = lsp.change(uri, [types.TextEdit(range=whole, new_text=NET + "\n")])
        published = await asyncio.wait_for(lsp.expect(uri, version), 60)
        assert tl_codes(published) == ["TL301"]
        assert broken_uri in lsp.published
        await lsp.stop()

    run(session())


def test_noqa_edit_extends_existing_directive() -> None:
    lines = ["x = f()  # noqa: TL101", "y = g()", "z = h()  # noqa", "w = 1  # keep"]
    directives = parse_directives("\n".join(lines))
    extend = noqa_edit(lines, 1, "TL301", directives)
    assert extend is not None and extend.content == ", TL301" and extend.column == len(lines[0]) + 1
    assert noqa_edit(lines, 1, "TL101", directives) is None
    append = noqa_edit(lines, 2, "TL301", directives)
    assert append is not None and append.content == "  # noqa: TL301"
    assert noqa_edit(lines, 3, "TL301", directives) is None  # a bare noqa covers every code
    after_comment = noqa_edit(lines, 4, "TL301", directives)
    assert after_comment is not None and after_comment.column == len(lines[3]) + 1


@pytest.mark.parametrize(
    ("old", "new"),
    [("a\nb\nc\n", "a\nB\nc\n"), ("a\r\nb\r\n", "a\r\nb\r\nc\r\n"), ("x", ""), ("", "y\n")],
)
def test_whole_text_edit_round_trips(old: str, new: str) -> None:
    edit = whole_text_edit(old, new)
    lines = old.splitlines(keepends=True) or [""]
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    start = starts[edit.line - 1] + edit.column - 1
    end = starts[edit.end_line - 1] + edit.end_column - 1
    assert old[:start] + edit.content + old[end:] == new


def test_lsp_command_without_pygls(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from torchlint.cli import main

    from .cli_helpers import cli_runner

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "pygls" else real(name, *a)
    )
    result = cli_runner().invoke(main, ["lsp"])
    assert result.exit_code == 2
    assert "torchlint[lsp]" in result.stderr


# A model in one file: its finding needs no index.
LOCAL_NET = """\
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print("forward")
        return x
"""


def save(lsp: LspSession, path: Path) -> None:
    lsp.client.text_document_did_save(
        types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=from_fs_path(str(path)))
        )
    )


def capture_shown(lsp: LspSession) -> list[types.ShowMessageParams]:
    shown: list[types.ShowMessageParams] = []

    @lsp.client.feature(types.WINDOW_SHOW_MESSAGE)
    def on_show(params: types.ShowMessageParams) -> None:
        shown.append(params)

    return shown


def test_config_error_shown_once_and_last_good_settings_kept(tmp_path: Path) -> None:
    """A broken config is shown to the user (once per distinct error, not on every reload) and
    the last good settings stay in force until it is fixed."""
    (tmp_path / "net.py").write_text(LOCAL_NET)
    config = tmp_path / "pyproject.toml"
    config.write_text('[tool.torchlint]\nignore = ["TL301"]\n')

    async def session() -> None:
        lsp = LspSession(tmp_path, {"debounceMs": 0})
        shown = capture_shown(lsp)
        await lsp.start()
        path = tmp_path / "net.py"
        uri = from_fs_path(str(path))
        assert tl_codes(await lsp.open(path)) == []

        async def reload() -> list[str]:
            save(lsp, config)
            # The server handles messages in order: once a request sent after the save is
            # answered, the save's message and re-lint have arrived (a publish from an earlier
            # reload's indexing could be the first to arrive, so none is awaited as such).
            await lsp.client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    position=types.Position(line=0, character=0),
                )
            )
            return tl_codes(lsp.published[uri][-1])

        config.write_text('[tool.torchlint]\nignor = ["TL301"]\n')
        assert await reload() == []  # still ignored: the last good settings, not the defaults
        assert len(shown) == 1 and shown[0].type == types.MessageType.Error
        assert "did you mean `tool.torchlint.ignore`" in shown[0].message
        assert "previous settings" in shown[0].message
        assert await reload() == []
        assert len(shown) == 1  # the same error again: not shown again

        config.write_text('[tool.torchlint]\nignore = ["TL301"]\ntargets = ["scrpt"]\n')
        assert await reload() == []
        assert len(shown) == 2 and "scrpt" in shown[1].message

        config.write_text("[tool.torchlint]\n")
        published = lsp.settle(uri, lambda params: tl_codes(params) == ["TL301"])
        save(lsp, config)
        await published
        config.write_text('[tool.torchlint]\nignor = ["TL301"]\n')
        assert await reload() == ["TL301"]  # the good settings are now the empty ones
        assert len(shown) == 3  # fixed in between: the old mistake is news again
        await lsp.stop()

    run(session())


def test_config_error_at_startup_is_shown(tmp_path: Path) -> None:
    (tmp_path / "net.py").write_text(LOCAL_NET)
    (tmp_path / "pyproject.toml").write_text("[tool.torchlint]\nignore = [\n")

    async def session() -> None:
        lsp = LspSession(tmp_path, {"debounceMs": 0})
        shown = capture_shown(lsp)
        await lsp.start()
        assert tl_codes(await lsp.open(tmp_path / "net.py")) == ["TL301"]
        assert len(shown) == 1 and "invalid TOML" in shown[0].message
        assert "defaults" in shown[0].message
        await lsp.stop()

    run(session())


def test_workspace_indexed_once_on_startup(tmp_path: Path) -> None:
    (tmp_path / "net.py").write_text(LOCAL_NET)

    async def session() -> None:
        lsp = LspSession(tmp_path)
        send_initialized = lsp.client.initialized
        lsp.client.initialized = lambda params: None
        await lsp.start()
        # Time for an index started on ``initialize`` to finish before ``initialized`` arrives.
        await asyncio.sleep(1)
        send_initialized(types.InitializedParams())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while not any("indexed" in m for m in lsp.logs) and loop.time() < deadline:
            await asyncio.sleep(0.05)
        await asyncio.sleep(1)  # a second indexing of a one-file workspace ends well within this
        assert [m for m in lsp.logs if "indexed" in m] == ["torchlint: indexed 1 files"]
        await lsp.stop()

    run(session())


def test_close_clears_the_documents_diagnostics(tmp_path: Path) -> None:
    (tmp_path / "net.py").write_text(LOCAL_NET)

    async def session() -> None:
        lsp = LspSession(tmp_path, {"debounceMs": 0})
        await lsp.start()
        path = tmp_path / "net.py"
        uri = from_fs_path(str(path))
        assert tl_codes(await lsp.open(path)) == ["TL301"]
        cleared = lsp.settle(uri, lambda params: not params.diagnostics)
        lsp.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        await asyncio.wait_for(cleared, 60)
        await lsp.stop()

    run(session())
