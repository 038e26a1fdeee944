"""A small LSP client for tests and the latency benchmark: starts ``torchlint lsp`` as a
subprocess and speaks LSP to it over stdio with pygls's client."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable
from pathlib import Path
from typing import Optional

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path


class LspSession:
    def __init__(self, root: Path, initialization_options: Optional[dict] = None) -> None:
        self.root = root
        self.options = initialization_options or {}
        self.client = LanguageClient("torchlint-test-client", "0")
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.logs: list[str] = []
        self._waiters: list[tuple[str, Optional[int], asyncio.Future]] = []
        self.versions: dict[str, int] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            self.published.setdefault(params.uri, []).append(params)
            for waiter in list(self._waiters):
                uri, version, future = waiter
                if uri == params.uri and (version is None or params.version == version):
                    if not future.done():
                        future.set_result(params)
                    self._waiters.remove(waiter)

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def on_log(params: types.LogMessageParams) -> None:
            self.logs.append(params.message)

        @self.client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def on_register(params: types.RegistrationParams) -> None:
            return None

    async def start(self) -> types.InitializeResult:
        await self.client.start_io(sys.executable, "-m", "torchlint", "lsp", "--stdio")
        result = await self.client.initialize_async(
            types.InitializeParams(
                process_id=None,
                root_uri=from_fs_path(str(self.root)),
                capabilities=types.ClientCapabilities(
                    workspace=types.WorkspaceClientCapabilities(
                        did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                            dynamic_registration=True
                        )
                    )
                ),
                initialization_options=self.options,
            )
        )
        self.client.initialized(types.InitializedParams())
        return result

    def settle(
        self, uri: str, done, timeout: float = 60
    ) -> Awaitable[types.PublishDiagnosticsParams]:
        """Await the first publishDiagnostics of ``uri`` received from this call on that
        satisfies ``done`` (publishes still in flight, such as an idle re-lint, are skipped);
        call it before sending the message that triggers the publish."""
        seen = len(self.published.get(uri, []))

        async def wait() -> types.PublishDiagnosticsParams:
            deadline = asyncio.get_running_loop().time() + timeout
            checked = seen
            while True:
                received = self.published.get(uri, [])
                for params in received[checked:]:
                    if done(params):
                        return params
                checked = len(received)
                if asyncio.get_running_loop().time() > deadline:
                    raise TimeoutError(f"no matching publishDiagnostics for {uri}")
                await asyncio.sleep(0.05)

        return wait()

    def expect(self, uri: str, version: Optional[int] = None) -> asyncio.Future:
        """A future for the next publishDiagnostics of ``uri`` (at ``version``); register it
        before sending the message that triggers it."""
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._waiters.append((uri, version, future))
        return future

    async def open(
        self, path: Path, text: Optional[str] = None, timeout: float = 60
    ) -> types.PublishDiagnosticsParams:
        uri = from_fs_path(str(path))
        text = path.read_text() if text is None else text
        self.versions[uri] = 1
        waiter = self.expect(uri, 1)
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="python", version=1, text=text
                )
            )
        )
        return await asyncio.wait_for(waiter, timeout)

    def change(self, uri: str, edits: list[types.TextEdit]) -> int:
        """Send ``edits`` (applied in order, as incremental changes); returns the new version."""
        self.versions[uri] += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(
                    uri=uri, version=self.versions[uri]
                ),
                content_changes=[
                    types.TextDocumentContentChangePartial(range=e.range, text=e.new_text)
                    for e in edits
                ],
            )
        )
        return self.versions[uri]

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


def apply_text_edits(text: str, edits: list[types.TextEdit]) -> str:
    """Apply LSP edits (all relative to ``text``, ASCII columns) the way an editor does."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: types.Position) -> int:
        if position.line >= len(lines):
            return len(text)
        return starts[position.line] + position.character

    result = text
    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        result = result[:start] + edit.new_text + result[end:]
    return result


def as_changes(edits: list[types.TextEdit]) -> list[types.TextEdit]:
    """The edits of one WorkspaceEdit as didChange events, last first, so that each event's
    range is still valid in the text the previous events produced."""
    return sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
