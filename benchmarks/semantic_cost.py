"""What the semantic model costs next to a bare libcst parse of the same files.

Reads Python files (default: the installed ``torch.nn`` package, as files — never imported),
then measures in CPU seconds, in one process:
- bare ``libcst.parse_module`` of every file;
- the project index (``ast`` summaries of every file, then graph regions);
- the per-file semantic model (``FileModel``: structure, regions, kind inference of every graph
  function) on the already-parsed modules.

Usage: python benchmarks/semantic_cost.py [PATH ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path

import libcst as cst

from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.model import FileModel
from torchlint.lint.semantic.trees import ParsedTrees


def default_corpus() -> list[Path]:
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("torch is not installed; pass paths to Python files or folders")
    return [Path(next(iter(spec.submodule_search_locations))) / "nn"]


def python_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts))
        elif path.suffix == ".py":
            files.append(path)
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args()
    files = python_files(args.paths or default_corpus())
    texts = {os.fspath(f): f.read_text(encoding="utf-8", errors="replace") for f in files}
    lines = sum(t.count("\n") + 1 for t in texts.values())

    start = time.process_time()
    modules = {}
    for path, text in texts.items():
        try:
            modules[path] = cst.parse_module(text)
        except Exception:
            continue
    parse_s = time.process_time() - start

    start = time.process_time()
    index = ProjectIndex()
    for path, text in texts.items():
        index.add_source(path, text)
    regions = index.regions()
    index_s = time.process_time() - start

    # As in a run, a model built on demand for another file's cross-file kinds reuses that
    # file's tree: the parse is counted above, not again here.
    index.trees = ParsedTrees(budget_chars=sum(len(text) for text in texts.values()))
    for path, module in modules.items():
        index.trees.put(path, texts[path], module)
    start = time.process_time()
    graph_functions = 0
    for path, module in modules.items():
        model = FileModel(module, index.by_path[path], index)
        graph_functions += sum(1 for info in model.functions.values() if info.region is not None)
    model_s = time.process_time() - start

    total = index_s + model_s
    print(f"files                      {len(files):>10}")
    print(f"lines                      {lines:>10}")
    print(
        f"graph functions            {graph_functions:>10}  ({len(regions)} regions project-wide)"
    )
    print(f"bare libcst parse (CPU s)  {parse_s:>10.3f}")
    print(f"project index (CPU s)      {index_s:>10.3f}  ({index_s / parse_s:.2f} x parse)")
    print(f"file models (CPU s)        {model_s:>10.3f}  ({model_s / parse_s:.2f} x parse)")
    print(f"semantic model total       {total:>10.3f}  ({total / parse_s:.2f} x parse)")


if __name__ == "__main__":
    main()
