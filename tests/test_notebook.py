"""Notebooks: code cells linted as one module, findings in cell terms, fixes written back into
the cells with outputs and metadata intact."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from torchlint.lint.fixes import fix_text
from torchlint.lint.notebook import (
    apply_to_notebook,
    json_lines_of_cells,
    parse_notebook,
    read_notebook,
)
from torchlint.lint.run import lint_files


def code(source: list[str], outputs: list | None = None, count: int | None = 1) -> dict:
    return {
        "cell_type": "code",
        "execution_count": count,
        "metadata": {"tags": ["keep"]},
        "outputs": outputs or [],
        "source": source,
    }


OUTPUT = {"name": "stdout", "output_type": "stream", "text": ["tensor(1.)\n"]}
CELLS = [
    {"cell_type": "markdown", "metadata": {}, "source": ["# A model\n", "Some prose."]},
    code(["%matplotlib inline\n", "import torch\n", "from torch import nn\n", "!pip list"]),
    # The class sees the imports of the cell before: the cells form one module.
    code(
        [
            "class Net(nn.Module):\n",
            "    def forward(self, x):\n",
            "        %time y = x * 2\n",
            '        print("x", x.shape)\n',
            "        return torch.relu(x)",
        ],
        outputs=[OUTPUT],
    ),
    code(["%%time\n", "print(undefined syntax here\n"]),
    code(["def broken(:\n", "    pass\n"]),
    code(["model = Net()\n", "model(torch.ones(2))\n"], outputs=[OUTPUT], count=4),
]


def write_notebook(folder: Path, cells: list[dict] = CELLS) -> Path:
    data = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / "explore.ipynb"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return path


def test_findings_are_reported_per_cell(tmp_path: Path) -> None:
    path = write_notebook(tmp_path)
    [result] = lint_files([str(path)])
    found = [(d.code, d.cell, d.line, d.column) for d in result.diagnostics]
    assert ("TL301", 3, 4, 9) in found
    # The broken cell is reported and skipped; the %% cell is never parsed.
    messages = [e.message for e in result.errors]
    assert any(m.startswith("cell 5:") and "syntax error" in m for m in messages)
    assert not any("cell 4" in m for m in messages)
    assert all(d.to_dict()["cell"] == d.cell for d in result.diagnostics)


def test_module_text_keeps_cell_lines_and_blanks_magics(tmp_path: Path) -> None:
    notebook = read_notebook(str(write_notebook(tmp_path)))
    lines = notebook.text.splitlines()
    cell = next(c for c in notebook.cells if c.number == 3)
    assert lines[cell.first_line - 1 + 3] == '        print("x", x.shape)'
    assert lines[cell.first_line - 1 + 2] == "        pass  # torchlint-magic"
    assert "%" not in notebook.text and "!pip" not in notebook.text


def test_check_command_prints_cell_locations(tmp_path: Path) -> None:
    write_notebook(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "torchlint", "check", "--output-format", "concise", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "explore.ipynb:cell 3:4:9: TL301" in run.stdout, run.stdout + run.stderr
    as_json = subprocess.run(
        [sys.executable, "-m", "torchlint", "check", "--output-format", "json", "explore.ipynb"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    findings = json.loads(as_json.stdout)
    records = findings["diagnostics"] if isinstance(findings, dict) else findings
    assert any(r["code"] == "TL301" and r["cell"] == 3 and r["line"] == 4 for r in records)


def test_fix_rewrites_only_code_and_keeps_outputs(tmp_path: Path) -> None:
    path = write_notebook(tmp_path)
    notebook = read_notebook(str(path))
    outcome = fix_text(str(path), notebook.text)
    assert outcome.changed
    new_raw = apply_to_notebook(notebook, outcome.text)
    before, after = json.loads(notebook.raw), json.loads(new_raw)
    fixed_cell = "".join(after["cells"][2]["source"])
    assert "if not torch.compiler.is_compiling():" in fixed_cell
    assert "        %time y = x * 2\n" in fixed_cell  # the magic is back
    assert not fixed_cell.endswith("\n")  # the cell's last line had no newline
    assert after["cells"][2]["outputs"] == before["cells"][2]["outputs"]
    assert after["metadata"] == before["metadata"]
    for number in (0, 1, 3, 4, 5):
        assert after["cells"][number] == before["cells"][number]
    # Only the fixed cell's source changed in the file text, formatted as before.
    assert new_raw.count("\n") > notebook.raw.count("\n")
    assert new_raw.startswith('{\n "cells": [')
    assert parse_notebook(str(path), new_raw).text.count("# torchlint-cell") == 5
    path.write_text(new_raw)
    [result] = lint_files([str(path)])
    assert not [d for d in result.diagnostics if d.code == "TL301"]


def test_no_fix_leaves_the_file_byte_for_byte(tmp_path: Path) -> None:
    path = write_notebook(tmp_path, [code(["import torch\n", "x = torch.ones(2)\n"])])
    notebook = read_notebook(str(path))
    assert apply_to_notebook(notebook, notebook.text) == notebook.raw


def test_not_a_notebook_is_a_file_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.ipynb"
    path.write_text("{not json")
    [result] = lint_files([str(path)])
    assert result.errors and "not a valid notebook" in result.errors[0].message


def test_fix_command_rewrites_the_notebook(tmp_path: Path) -> None:
    path = write_notebook(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "torchlint", "fix", "explore.ipynb"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    after = json.loads(path.read_text())
    cell = "".join(after["cells"][2]["source"])
    assert "if not torch.compiler.is_compiling():" in cell, run.stdout + run.stderr
    assert after["cells"][2]["outputs"] == [OUTPUT]
    assert "".join(after["cells"][1]["source"]).startswith("%matplotlib inline\n")


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "torchlint", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _json_line_of(raw: str, text: str) -> int:
    """The line of the notebook's JSON text holding the JSON string of ``text``."""
    needle = json.dumps(text)[1:-1]
    [number] = [n for n, line in enumerate(raw.splitlines(), start=1) if needle in line]
    return number


def test_json_lines_of_cells_point_at_each_source_line(tmp_path: Path) -> None:
    path = write_notebook(tmp_path)
    raw = path.read_text()
    lines = json_lines_of_cells(raw)
    for number, cell in enumerate(json.loads(raw)["cells"], start=1):
        assert len(lines[number]) == len(cell["source"])
        for line, text in zip(lines[number], cell["source"]):
            assert json.dumps(text) in raw.splitlines()[line - 1]
    # A source written as one string: each of its lines is on that string's JSON line.
    single = code(["import torch\n", "x = torch.ones(2)\n"])
    single["source"] = "".join(single["source"])
    raw = write_notebook(tmp_path, [single]).read_text()
    assert json_lines_of_cells(raw) == {1: [_json_line_of(raw, single["source"])] * 2}
    assert json_lines_of_cells("{not json") == {}


def test_full_format_shows_the_cells_code_frame(tmp_path: Path) -> None:
    write_notebook(tmp_path)
    lines = _run(tmp_path, "check", "explore.ipynb").stdout.splitlines()
    at = lines.index(next(x for x in lines if x.startswith("explore.ipynb:cell 3:4:9: TL301")))
    # The cell's line 4, as the cell has it, with the caret under `print(...)`.
    assert lines[at + 1 : at + 4] == [
        "  |",
        '4 |         print("x", x.shape)',
        "  |         " + "^" * len('print("x", x.shape)'),
    ]


def test_annotations_put_cell_findings_on_the_notebooks_json_lines(tmp_path: Path) -> None:
    path = write_notebook(tmp_path)
    line = _json_line_of(path.read_text(), '        print("x", x.shape)\n')
    github = _run(tmp_path, "check", "--output-format", "github", "explore.ipynb").stdout
    annotation = next(x for x in github.splitlines() if "TL301" in x)
    assert f"file=explore.ipynb,line={line},endLine={line}," in annotation
    assert ",col=" not in annotation  # a cell's columns are not the JSON line's
    assert "::cell 3:4:9: TL301" in annotation
    # The error of the broken cell has a cell line: no line of the JSON file is claimed.
    error = next(x for x in github.splitlines() if "syntax error" in x)
    assert "line=" not in error
    sarif = json.loads(_run(tmp_path, "check", "--output-format", "sarif", "explore.ipynb").stdout)
    [result] = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "TL301"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": line, "endLine": line}
    assert result["properties"]["cell"] == 3
    assert result["properties"]["cellRegion"]["startLine"] == 4
    assert "fixes" not in result  # its edits are in cell lines
    gitlab = json.loads(
        _run(tmp_path, "check", "--output-format", "gitlab", "explore.ipynb").stdout
    )
    [issue] = [i for i in gitlab if i["check_name"] == "TL301"]
    assert issue["location"]["lines"] == {"begin": line, "end": line}


def test_fix_show_fixes_and_diff_speak_in_cells(tmp_path: Path) -> None:
    path = write_notebook(tmp_path)
    before = path.read_text()
    diff = _run(tmp_path, "fix", "--diff", "explore.ipynb").stdout
    assert path.read_text() == before
    assert "--- a/explore.ipynb:cell 3\n+++ b/explore.ipynb:cell 3\n" in diff
    assert '-        print("x", x.shape)\n' in diff
    assert "+        if not torch.compiler.is_compiling():\n" in diff
    assert '"source"' not in diff and '\\n"' not in diff  # no JSON
    shown = _run(tmp_path, "fix", "--show-fixes", "explore.ipynb").stdout
    assert "explore.ipynb:cell 3:4:9: TL301 " in shown
