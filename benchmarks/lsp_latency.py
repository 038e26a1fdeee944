"""Editor latency: how long ``torchlint lsp`` takes to publish fresh diagnostics after an edit.

Starts the real server as a subprocess, speaks LSP over stdio (pygls's client), opens a
2,000-line model file, then makes 20 edits at different places (each one adds or removes a
``print`` in a ``forward``, so the findings really change) and times each from sending
``didChange`` to receiving the ``publishDiagnostics`` of that version, with the server's default
debounce. Prints every latency and the median; the goal is a median under 150 ms.

    python benchmarks/lsp_latency.py [--lines 2000] [--edits 20]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lsprotocol import types  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

from tests.lsp_client import LspSession  # noqa: E402

GOAL_MS = 150.0
HEADER = "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n"
BLOCK = '''

class Block{i}(nn.Module):
    """Block {i}: a residual MLP with a gate."""

    def __init__(self, dim: int = 64, hidden: int = 256) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.up = nn.Linear(dim, hidden)
        self.down = nn.Linear(hidden, dim)
        self.scale = 0.5

    def forward(self, x):
        h = self.norm(x)
        h = self.up(h)
        h = F.gelu(h) * torch.sigmoid(h)
        if x.shape[0] > 1:
            h = h * self.scale
        out = x + self.down(h)
        return helper_{i}(out)


def helper_{i}(t):
    total = t.sum(dim=-1, keepdim=True)
    return t / (total.abs() + 1e-6)
'''
EDIT_ANCHOR = "        out = x + self.down(h)\n"
PRINT_LINE = '        print("debug", h.shape)\n'


def model_file(lines: int) -> str:
    parts = [HEADER]
    count = HEADER.count("\n")
    index = 0
    while count < lines:
        block = BLOCK.format(i=index)
        parts.append(block)
        count += block.count("\n")
        index += 1
    return "".join(parts)


async def measure(lines: int, edits: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        path = root / "models.py"
        text = model_file(lines)
        path.write_text(text)
        session = LspSession(root)
        await session.start()
        uri = from_fs_path(str(path))
        opened = await session.open(path)
        baseline = len(opened.diagnostics)
        anchors = [
            n for n, line in enumerate(text.splitlines(keepends=True)) if line == EDIT_ANCHOR
        ]
        step = max(1, len(anchors) // edits)
        targets = anchors[::step][:edits]
        latencies: list[float] = []
        inserted: list[int] = []  # lines where a print was inserted, in document coordinates
        for number, anchor in enumerate(targets):
            # Alternate: insert a print before an anchor, then remove the previous insertion.
            if number % 2 == 0:
                line = anchor + len(inserted)
                change = types.TextEdit(
                    range=types.Range(
                        start=types.Position(line=line, character=0),
                        end=types.Position(line=line, character=0),
                    ),
                    new_text=PRINT_LINE,
                )
                inserted.append(line)
                expected = baseline + 1
            else:
                line = inserted.pop()
                change = types.TextEdit(
                    range=types.Range(
                        start=types.Position(line=line, character=0),
                        end=types.Position(line=line + 1, character=0),
                    ),
                    new_text="",
                )
                expected = baseline
            waiter = session.expect(uri, session.versions[uri] + 1)
            started = time.perf_counter()
            session.change(uri, [change])
            published = await asyncio.wait_for(waiter, 60)
            latencies.append((time.perf_counter() - started) * 1000)
            found = len(published.diagnostics)
            if found != expected:
                raise SystemExit(f"edit {number}: expected {expected} findings, got {found}")
        await session.stop()
        return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    latencies = asyncio.run(measure(args.lines, args.edits))
    print("edit latencies (ms):", " ".join(f"{value:.0f}" for value in latencies))
    median = statistics.median(latencies)
    verdict = "meets" if median < GOAL_MS else "misses"
    print(
        f"median {median:.1f} ms over {len(latencies)} edits to a {args.lines}-line file "
        f"({verdict} the {GOAL_MS:.0f} ms goal)"
    )


if __name__ == "__main__":
    main()
