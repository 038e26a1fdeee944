"""A fix round re-lints the file it changed with the project index: what a revision of one
file keeps of the project's analysis, and what it derives again."""

from __future__ import annotations

from .semantic_helpers import index_project, write_project

REVISED_MODEL = """
    import torch
    from torch import nn

    from pkg.helpers import scale

    class Net(nn.Module):
        def forward(self, x, p=0.5):
            return scale(x, p)
"""


def test_a_revision_with_the_same_structure_keeps_the_project_analysis(tmp_path):
    # A fix round re-lints the file it changed: the other files' models stand, and the regions
    # too when the file's structure is the same (an annotation added).
    paths = write_project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/helpers.py": "def scale(x, p):\n    return x * p\n",
            "pkg/model.py": REVISED_MODEL,
        },
    )
    index = index_project(paths)
    path = str(paths["pkg/model.py"])
    regions = index.regions()
    assert "pkg.helpers.scale" in regions
    index.models["pkg.helpers"] = None  # stands for a model built from the helpers' text
    annotated = paths["pkg/model.py"].read_text().replace("p=0.5", "p: float = 0.5")
    index.add_source(path, annotated, revision=True)
    assert index.regions() is regions and "pkg.helpers" in index.models
    # Another structure (a new call): the regions are derived again, the other files' models
    # still stand (a fix's effects on other files are not checked).
    index.add_source(
        path, annotated.replace("scale(x, p)", "scale(x, p) + scale(x, 1)"), revision=True
    )
    assert index.regions() is not regions and "pkg.helpers" in index.models
    # A new text that is no revision (an editor's buffer): everything is derived again.
    regions = index.regions()
    index.add_source(path, annotated)
    assert index.regions() is not regions and "pkg.helpers" not in index.models
