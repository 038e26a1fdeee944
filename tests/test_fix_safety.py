"""Safe fixes never change behaviour: the models in fix_safety_models/ (timm's fast_norm, jit.ignore'd
helpers, jit.Final constants, debug output, tensor literals, None and literal defaults, .item())
are fixed with the safe fixes only (every rule, every back-end targeted), and real torch runs the
original and the fixed copy side by side: eager, script, trace, compile and export give the same
outputs wherever the original worked (benchmarks/fix_safety.py is the harness)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch

ROOT = Path(__file__).resolve().parent.parent
MODELS = Path(__file__).resolve().parent / "fix_safety_models"


def _load_harness():
    spec = importlib.util.spec_from_file_location(
        "fix_safety", ROOT / "benchmarks" / "fix_safety.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


harness = _load_harness()
# The fixes the models give a chance to: a test of these models must show each one ran
# (`torch.tensor([], dtype=...)` is TL110's and, in scripted code, TL205's: one rewrite).
SAFE_CODES = {"TL110", "TL202", "TL203", "TL205", "TL301", "TL302", "TL303", "TL506"}
NEVER_SAFE = {"TL103", "TL504", "TL505"}


def test_safe_fixes_bring_no_new_code_and_only_safe_codes(tmp_path):
    tree = harness.fix_tree(MODELS, tmp_path)
    assert tree.new_codes == {}
    # With every rule selected, the migration note TL505 is selected too, and the fix run
    # drops a script repair's `torch.jit.is_scripting()` guard for bringing it (as it should);
    # no other fix may be dropped.
    assert [d for d in tree.dropped if "(TL505)" not in d] == []
    assert set(tree.applied) == SAFE_CODES


@pytest.fixture(scope="module")
def safe_report(tmp_path_factory):
    return harness.check_tree(MODELS, tmp_path_factory.mktemp("safe"))


@requires_torch
@pytest.mark.torch
@pytest.mark.slow
def test_safe_fixes_keep_every_backend_that_worked(safe_report):
    assert safe_report.violations == []
    assert len(safe_report.models) == len(list(MODELS.glob("*.py")))


@requires_torch
@pytest.mark.torch
@pytest.mark.slow
def test_the_models_exercise_the_backends_the_fixes_touch(safe_report):
    verdicts = {
        model.split(":")[0]: {backend: v for backend, (v, _) in backends.items()}
        for model, backends in safe_report.models.items()
    }
    # What scripted before still scripts: the TorchScript branch, the ignored helper, the
    # Final constants and the None defaults all still mean the same to TorchScript.
    for model in ("fast_norm", "ignored_helpers", "final_constants", "optional_mask"):
        assert verdicts[model]["script"] == "same", model
    assert verdicts["debug_output"]["compile"] == "repaired"  # the guarded print
    assert verdicts["literal_defaults"]["script"] == "repaired"  # p: float = 2.0
    assert all(v["eager"] == "same" for v in verdicts.values())


@requires_torch
@pytest.mark.torch
@pytest.mark.slow
def test_harness_reports_what_the_unsafe_fixes_change(tmp_path):
    # The fixes that used to be safe: is_scripting folded (or swapped) stops fast_norm from
    # scripting, and .detach() changes what trace records.
    models = tmp_path / "models"
    models.mkdir()
    for name in ("fast_norm.py", "item_scale.py"):
        shutil.copy(MODELS / name, models / name)
    report = harness.check_tree(
        models, tmp_path / "work", unsafe=True, settings=Settings(select=("TL",))
    )
    assert report.tree.applied.keys() >= {"TL505", "TL103"}
    assert report.models["fast_norm:Model"]["script"][0] == "BROKEN"
    assert report.models["item_scale:Model"]["trace"][0] == "DIFFERS"


# A corpus module as benchmarks/accuracy/corpus_*.py writes one: the package's models built by
# the corpus, fed its keyword inputs. The package prints in forward: TL301's safe guard is the
# one edit, and every output holds.
CORPUS = """\
PACKAGES = {"tinyaudio": "tinyaudio"}
MODELS = {"gain.eval": None, "gain.train": None}
SHAPES = ((2, 8), (3, 16))
CALL_KWARGS = {}


def build(name):
    import torch
    from tinyaudio.layers import Gain

    torch.manual_seed(0)
    model = Gain()
    return model.train(name.endswith(".train")), "signal"


def make_inputs(kind, batch, seq, seed):
    import torch

    gen = torch.Generator().manual_seed(seed)
    return {"signal": torch.randn(batch, 2, seq, generator=gen)}
"""
LAYERS = """\
import torch
from torch import nn


class Gain(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(2, 1))
        self.drop = nn.Dropout(0.5)

    def forward(self, signal):
        print("gain", signal.shape)
        return self.drop(signal * self.scale) + signal.mean()
"""


@requires_torch
@pytest.mark.torch
@pytest.mark.slow
def test_a_corpus_runs_its_own_models_on_both_copies(tmp_path):
    site = tmp_path / "site"
    (site / "tinyaudio").mkdir(parents=True)
    (site / "tinyaudio" / "__init__.py").write_text("")
    (site / "tinyaudio" / "layers.py").write_text(LAYERS)
    corpus = tmp_path / "corpus_tiny.py"
    corpus.write_text(CORPUS)
    report = harness.check_corpus_module(corpus, site, tmp_path / "work")
    assert report.tree.applied["TL301"] == 1
    assert report.tree.changed == ["tinyaudio/layers.py"]
    # Both modes ran (train mode's dropout draws the same masks in both copies), and the
    # print guard changes no output of any back-end.
    assert set(report.models) == {"tiny:gain.eval", "tiny:gain.train"}
    assert all(backends["eager"][0] == "same" for backends in report.models.values())
    assert report.violations == []
    # The fixed copy is what the second run imported: its guarded print compiles fullgraph.
    assert report.models["tiny:gain.eval"]["compile"][0] == "repaired"
    # TorchScript compiles the corpus's model itself, called with its keywords.
    assert report.models["tiny:gain.eval"]["script"][0] == "same"
    # The untouched original shows in the copy that was not fixed.
    assert "print(" in (report.tree.original / "tinyaudio" / "layers.py").read_text()


@requires_torch
@pytest.mark.torch
@pytest.mark.slow
def test_a_model_that_kills_its_process_does_not_stop_the_others(tmp_path):
    site = tmp_path / "site"
    (site / "tinyaudio").mkdir(parents=True)
    (site / "tinyaudio" / "__init__.py").write_text("")
    (site / "tinyaudio" / "layers.py").write_text(LAYERS)
    corpus = tmp_path / "corpus_tiny.py"
    # A second model whose building ends the worker process, as a crash inside torch does.
    corpus.write_text(
        CORPUS.replace('"gain.train": None', '"crash.eval": None').replace(
            "    import torch\n    from tinyaudio",
            "    import os\n    import torch\n    if name.startswith('crash'):\n"
            "        os._exit(3)\n    from tinyaudio",
        )
    )
    report = harness.check_corpus_module(corpus, site, tmp_path / "work")
    assert set(report.models) == {"tiny:gain.eval", "tiny:crash.eval"}
    assert report.models["tiny:gain.eval"]["eager"][0] == "same"
    assert {verdict for verdict, _ in report.models["tiny:crash.eval"].values()} == {"both fail"}
    assert report.violations == []


@requires_torch
@pytest.mark.torch
@pytest.mark.slow
def test_outputs_of_a_tensor_subclass_of_the_package_are_compared_as_tensors(tmp_path):
    # fresh13's pypose returns its LieTensor: the comparing process, which does not import the
    # package, reads the outputs back as plain tensors.
    site = tmp_path / "site"
    (site / "tinyaudio").mkdir(parents=True)
    (site / "tinyaudio" / "__init__.py").write_text("")
    (site / "tinyaudio" / "layers.py").write_text(
        LAYERS.replace("class Gain", "class Signal(torch.Tensor):\n    pass\n\n\nclass Gain")
        .replace('print("gain", signal.shape)\n', "")
        .replace(
            "return self.drop(signal * self.scale) + signal.mean()",
            "return (signal * self.scale).as_subclass(Signal)",
        )
    )
    corpus = tmp_path / "corpus_tiny.py"
    corpus.write_text(CORPUS.replace(', "gain.train": None', ""))
    report = harness.check_corpus_module(corpus, site, tmp_path / "work")
    assert report.models["tiny:gain.eval"]["eager"][0] == "same"
    assert report.violations == []


def test_a_probe_binding_model_to_a_class_is_found():
    # heldout34's style: `Model = AdaptedLayer` rather than `class Model(...)`.
    assert harness.MODEL_BINDING.search("class Layer(nn.Module):\n    pass\n\n\nModel = Layer\n")
    assert harness.MODEL_BINDING.search("class Model(nn.Module):\n    pass\n")
    assert not harness.MODEL_BINDING.search("def build():\n    Model = Layer\n")


@requires_torch
def test_an_input_the_original_rejected_and_the_fix_runs_to_eager_is_repaired() -> None:
    # b68's style mixing: the original trace raises on another batch size, the TL121 fix's
    # trace returns eager's output there.
    eager = {"ok": True, "outputs": ["a", "b"]}
    before = {"ok": True, "outputs": ["a", "rejected: RuntimeError"]}
    assert harness.verdict(before, {"ok": True, "outputs": ["a", "b"]}, eager) == "repaired"
    # Not eager's output, or another input changed: a difference still.
    assert harness.verdict(before, {"ok": True, "outputs": ["a", "c"]}, eager) == "DIFFERS"
    assert harness.verdict(before, {"ok": True, "outputs": ["x", "b"]}, eager) == "DIFFERS"
    # An input the fixed model rejects where the original ran is a difference.
    after = {"ok": True, "outputs": ["a", "rejected: RuntimeError"]}
    assert harness.verdict(eager, after, eager) == "DIFFERS"


UNWRITTEN_TAIL = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        for t in range(x.shape[1]):  # unrolled by the trace to the example's 4 steps
            out[:, t] = x[:, t] * 2
        return out


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 9),)]
"""


@requires_torch
@pytest.mark.torch
def test_memory_a_trace_leaves_unwritten_reads_the_same_in_both_copies(tmp_path) -> None:
    # fresh20's torch-friction trajectory: its trace fills a torch.empty only as far as the
    # example ran, and the rest of a longer input's output was whatever the allocator held,
    # different in the original's and the fixed copy's process (a DIFFERS no fix caused).
    (tmp_path / "unwritten_tail.py").write_text(UNWRITTEN_TAIL)
    spec = {"module": "unwritten_tail", "cls": "Model", "backends": ["trace"]}
    results = harness._run_specs(tmp_path, tmp_path / "out.pt", [spec], 1, 600, sys.executable)
    first, longer = results["unwritten_tail:Model"]["trace"]["outputs"]
    assert first.shape == (2, 4) and not first.isnan().any()
    assert longer.shape == (3, 9)
    assert not longer[:, :4].isnan().any() and longer[:, 4:].isnan().all()
