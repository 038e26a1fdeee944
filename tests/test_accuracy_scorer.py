"""The accuracy scorer's matching rules (benchmarks/accuracy/README.md), on a synthetic corpus."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "benchmarks" / "accuracy"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"accuracy_{name}", ROOT / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


score = _load("score")
ground_truth = _load("ground_truth")
# The packages by which the product is judged: in no corpus.
HELD_OUT = frozenset(
    {"timm", "vit_pytorch", "x_transformers", "efficientnet_pytorch", "transformers", "diffusers"}
)

SOURCE = """\
def forward(x, n):
    y = torch.cat(
        [x, x],
        dim=0,
    )
    if x.shape[0] > 1:
        y = y + 1
    z = y.item()
    return y
"""


def test_lines_map_to_their_statement():
    starts = score.statement_starts(SOURCE)
    assert starts[3] == starts[4] == 2  # continuation lines of the call
    assert starts[6] == 6  # an if header is its own statement
    assert starts[7] == 7  # its body is not part of the header


def test_ranges_round_trip():
    lines = {1, 2, 3, 7, 9, 10}
    assert ground_truth.to_ranges(lines) == [[1, 3], [7, 7], [9, 10]]
    assert ground_truth.from_ranges(ground_truth.to_ranges(lines)) == lines


def _finding(backend: str, line: int, reason: str = "r") -> dict:
    return {"model": "m", "backend": backend, "file": "mod.py", "line": line, "reason": reason}


def _diag(line: int, targets: list[str], code: str = "TL106") -> dict:
    return {"path": "mod.py", "line": line, "code": code, "name": "n", "targets": targets}


def test_matching_rules(tmp_path: Path):
    (tmp_path / "mod.py").write_text(SOURCE)
    truth = {
        "models": [
            {
                "model": "m",
                "complete": {"trace": True, "compile": True, "export": False},
                "unlocated": [],
            },
        ],
        "findings": [
            _finding("trace", 4),  # continuation line: matched by a finding at line 2
            _finding("trace", 6),  # no finding: a miss
            _finding("trace", 8, "TracerWarning"),
        ],
    }
    truth["findings"][2]["via"] = "torch/nn/functional.py:1"  # raised inside torch: apart
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    diagnostics = [
        _diag(2, ["trace"]),
        _diag(7, ["trace", "export"]),  # ran, trace checked it: false alarm; export stopped
        _diag(9, ["trace"]),  # never ran: not reached
        _diag(6, ["compile"]),  # names another back-end: not a trace hit
    ]
    result = score.score(truth, coverage, diagnostics, root=tmp_path)
    trace = result["trace"]
    assert set(trace.tp) == {("mod.py", 2)}
    assert set(trace.fn) == {("mod.py", 6)}
    assert set(trace.fp) == {("mod.py", 7)}
    assert set(trace.not_reached) == {("mod.py", 9)}
    assert trace.torch_internal == 1
    assert (trace.precision, trace.recall) == (0.5, 0.5)
    assert set(result["export"].unverified) == {("mod.py", 7)}
    assert set(result["compile"].fp) == {("mod.py", 6)}


def test_a_fullgraph_failure_leaves_other_compile_lines_unchecked(tmp_path: Path):
    (tmp_path / "mod.py").write_text(SOURCE)
    truth = {
        "models": [{"model": "m", "complete": {"compile": True}, "unlocated": []}],
        "findings": [_finding("compile", 8)],
    }
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    diagnostics = [_diag(6, ["compile"]), _diag(8, ["compile"])]
    explain_only = score.score(truth, coverage, diagnostics, root=tmp_path)["compile"]
    assert set(explain_only.fp) == {("mod.py", 6)}
    truth["findings"][0]["source"] = "fullgraph"
    fullgraph = score.score(truth, coverage, diagnostics, root=tmp_path)["compile"]
    assert set(fullgraph.tp) == {("mod.py", 8)}
    assert not fullgraph.fp
    assert set(fullgraph.unverified) == {("mod.py", 6)}


def test_an_unlocated_failure_leaves_the_models_lines_unchecked_for_its_backend(tmp_path: Path):
    (tmp_path / "mod.py").write_text(SOURCE)
    diverged = {"model": "m", "complete": {"trace": True, "export": True}, "unlocated": []}
    truth = {"models": [diverged], "findings": []}
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    diagnostics = [_diag(6, ["trace", "export"])]
    located = score.score(truth, coverage, diagnostics, root=tmp_path)
    assert set(located["trace"].fp) == {("mod.py", 6)}
    diverged["unlocated"] = [{"backend": "trace", "reason": "trace diverges from eager on B"}]
    unlocated = score.score(truth, coverage, diagnostics, root=tmp_path)
    assert not unlocated["trace"].fp and set(unlocated["trace"].unverified) == {("mod.py", 6)}
    assert set(unlocated["export"].fp) == {("mod.py", 6)}  # export located nothing wrong


def test_a_first_call_finding_counts_where_torch_reports_its_line_and_is_unchecked_elsewhere(
    tmp_path: Path,
):
    """The ground truth warms every model before converting it, so a finding that holds on the
    first call only is unchecked for the graph back-ends, except where the set-up's state is
    built afresh in the call and torch reports the line (fresh13's changepoint likelihood)."""
    (tmp_path / "mod.py").write_text(SOURCE)
    truth = {
        "models": [{"model": "m", "complete": {"trace": True}, "unlocated": []}],
        "findings": [_finding("trace", 8)],
    }
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    first_call = "not self.ready, " + score.FIRST_CALL
    diagnostics = [
        {**_diag(8, ["trace"]), "condition": first_call},  # torch reports it: a hit
        {**_diag(6, ["trace", "script"]), "condition": first_call},  # silent: unchecked
        _diag(7, ["trace"]),  # no condition: a false alarm as before
    ]
    truth["models"][0]["script_clean"] = [["mod.py", 1, 9]]
    result = score.score(truth, coverage, diagnostics, root=tmp_path)
    assert set(result["trace"].tp) == {("mod.py", 8)} and not result["trace"].fn
    assert set(result["trace"].fp) == {("mod.py", 7)}
    assert set(result["trace"].unverified) == {("mod.py", 6)}
    # TorchScript compiles the set-up whether it runs or not: a script claim stays checked.
    assert set(result["script"].fp) == {("mod.py", 6)}


def test_trace_and_export_check_only_the_lines_their_own_run_on_a_executed(tmp_path: Path):
    """Trace and export run the model's Python once more, on input A, after the eager runs on
    A and B: a line only eager B ran (a longer input's path) or only the first eager call ran
    (a set-up the warmed model skips) is one they never saw, unverified, not false. A line
    their run executed and torch found clean stays false; data without ``ran`` keeps the
    model's whole coverage as before."""
    (tmp_path / "mod.py").write_text(SOURCE)
    model = {"model": "m", "complete": {"trace": True, "export": True}, "unlocated": []}
    truth = {"models": [model], "findings": [_finding("trace", 8)]}
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    diagnostics = [
        _diag(2, ["trace", "export"]),  # continuation lines 3-4 unrun by trace: still checked
        _diag(6, ["trace", "export"]),  # ran under trace and export, clean: false
        _diag(7, ["trace", "export"]),  # only eager ran it: unverified
        _diag(8, ["trace"]),  # torch's problem, wherever the trace ran: a hit
    ]
    before = score.score(truth, coverage, diagnostics, root=tmp_path)
    assert set(before["trace"].fp) == {("mod.py", 2), ("mod.py", 6), ("mod.py", 7)}
    assert set(before["export"].fp) == {("mod.py", 2), ("mod.py", 6), ("mod.py", 7)}
    model["ran"] = {"trace": {"mod.py": [[1, 2], [6, 6]]}, "export": {"mod.py": [[2, 2]]}}
    after = score.score(truth, coverage, diagnostics, root=tmp_path)
    assert set(after["trace"].tp) == {("mod.py", 8)} and not after["trace"].fn
    assert set(after["trace"].fp) == {("mod.py", 2), ("mod.py", 6)}
    assert set(after["trace"].unverified) == {("mod.py", 7)}
    assert set(after["export"].fp) == {("mod.py", 2)}
    assert set(after["export"].unverified) == {("mod.py", 6), ("mod.py", 7)}
    # A back-end that stopped checks nothing, whatever its run executed.
    model["complete"]["trace"] = False
    stopped = score.score(truth, coverage, diagnostics, root=tmp_path)["trace"]
    assert not stopped.fp and set(stopped.unverified) == {
        ("mod.py", 2),
        ("mod.py", 6),
        ("mod.py", 7),
    }
    # Executed lines (the false-findings denominator) are still the eager coverage.
    assert after["trace"].executed_lines == before["trace"].executed_lines == 8


def test_a_strict_mode_trace_claim_is_unchecked_by_a_non_strict_trace(tmp_path: Path):
    """The ground truth traces with ``strict=False``, which returns a plain dict output: TL111's
    claim about trace's default strict mode is one it does not check; its other trace claims
    (a dataclass output fails whatever the mode) stay checked."""
    (tmp_path / "mod.py").write_text(SOURCE)
    truth = {
        "models": [{"model": "m", "complete": {"trace": True}, "unlocated": []}],
        "findings": [],
    }
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    strict = "forward returns a dict: torch.jit.trace fails " + score.STRICT_MODE + " (...)"
    diagnostics = [
        {**_diag(6, ["trace"]), "message": strict},
        {**_diag(7, ["trace"]), "message": "forward returns an instance of a plain class"},
    ]
    result = score.score(truth, coverage, diagnostics, root=tmp_path)["trace"]
    assert set(result.fp) == {("mod.py", 7)}
    assert set(result.unverified) == {("mod.py", 6)}


# ---------------------------------------------------------------- several corpora and packages


def test_corpora_and_their_files():
    names = ground_truth.corpora()
    assert names[0] == "transformers" and "pytorch" in names
    assert ground_truth.data_paths("transformers") == (
        ROOT / "ground_truth.json",
        ROOT / "coverage.json",
    )
    assert ground_truth.data_paths("pytorch") == (
        ROOT / "ground_truth.pytorch.json",
        ROOT / "coverage.pytorch.json",
    )
    pytorch = ground_truth.load_corpus("pytorch")  # no torch needed to read the model list
    assert not HELD_OUT & set(pytorch.PACKAGES)
    packages = {module.split(".")[0] for module, *_ in pytorch.MODELS.values()}
    assert packages <= set(pytorch.PACKAGES)


def test_locations_name_their_package_only_in_a_corpus_of_several():
    assert ground_truth.split_location("models/bert/x.py", ["transformers"]) == (
        None,
        "models/bert/x.py",
    )
    assert ground_truth.split_location("pkg_a/sub/x.py", ["pkg_a", "pkg_b"]) == (
        "pkg_a",
        "sub/x.py",
    )


def _child_result(model: str, package: str, complete: dict, findings: list) -> dict:
    """What a child of a several-package corpus returns (ground_truth.Child.result)."""
    return {
        "model": model,
        "status": "ok",
        "seconds": 1.0,
        "complete": complete,
        "findings": [{"model": model, "package": package, "file": "mod.py", **f} for f in findings],
        "unlocated": [],
        "script_clean": [[package, "mod.py", 1, 9]],
        "coverage": {package: {"mod.py": [[1, 8]]}},
    }


def test_a_corpus_of_several_packages_scores_each_file_in_its_package(tmp_path, monkeypatch):
    # Two packages with the same relative file: their statements must stay apart.
    site = tmp_path / "site-packages"
    for package in ("pkg_a", "pkg_b"):
        (site / package).mkdir(parents=True)
        (site / package / "mod.py").write_text(SOURCE)
    monkeypatch.setattr(ground_truth, "HERE", tmp_path)
    results = {
        "a": _child_result(
            "a", "pkg_a", {"script": True, "export": True}, [{"backend": "export", "line": 8}]
        ),
        "b": _child_result(
            "b", "pkg_b", {"script": True, "export": False}, [{"backend": "export", "line": 8}]
        ),
    }
    ground_truth.write_data("two", ["pkg_a", "pkg_b"], results, {"torch": "t", "python": "3.11"})
    truth = json.loads((tmp_path / "ground_truth.two.json").read_text())
    coverage = json.loads((tmp_path / "coverage.two.json").read_text())
    assert truth["packages"] == ["pkg_a", "pkg_b"] and "package" not in truth
    assert truth["findings"][0]["file"] == "mod.py"  # relative to its own package folder
    diagnostics = [
        {"path": "pkg_a/mod.py", "line": 8, "code": "TL103", "name": "n", "targets": ["export"]},
        {"path": "pkg_a/mod.py", "line": 6, "code": "TL106", "name": "n", "targets": ["export"]},
        {"path": "pkg_b/mod.py", "line": 6, "code": "TL106", "name": "n", "targets": ["export"]},
        {"path": "pkg_b/mod.py", "line": 7, "code": "TL202", "name": "n", "targets": ["script"]},
    ]
    result = score.score(truth, coverage, diagnostics, root=site)
    export = result["export"]
    assert set(export.tp) == {("pkg_a/mod.py", 8)}
    assert set(export.fn) == {("pkg_b/mod.py", 8)}
    assert set(export.fp) == {("pkg_a/mod.py", 6)}  # pkg_a's model exported it
    assert set(export.unverified) == {("pkg_b/mod.py", 6)}  # pkg_b's export stopped
    assert set(result["script"].fp) == {("pkg_b/mod.py", 7)}  # inside a clean class of pkg_b


def test_combined_scores_count_each_corpus_statements(tmp_path: Path):
    (tmp_path / "mod.py").write_text(SOURCE)
    truth = {
        "models": [{"model": "m", "complete": {"trace": True}, "unlocated": []}],
        "findings": [_finding("trace", 6), _finding("trace", 8)],
    }
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}}}
    found = score.score(truth, coverage, [_diag(6, ["trace"]), _diag(7, ["trace"])], root=tmp_path)
    missed = score.score(truth, coverage, [], root=tmp_path)
    combined = score.combine({"one": found, "two": missed})["trace"]
    # Same relative file and lines in both corpora: still four distinct problem statements.
    assert (len(combined.tp), len(combined.fn), len(combined.fp)) == (1, 3, 1)
    assert (combined.precision, combined.recall) == (0.5, 0.25)
    assert score.combine({"one": found})["trace"].recall == found["trace"].recall == 0.5


def test_a_module_without_forward_scripts_nothing_so_checks_nothing(tmp_path: Path):
    (tmp_path / "mod.py").write_text(
        "from torch import nn\n\n"
        "class Helpers(nn.Module):\n"
        "    def shift(self, x):\n"
        "        return x.roll(1)\n\n"
        "class Net(nn.Module):\n"
        "    def forward(self, x):\n"
        "        return x.roll(2)\n"
    )
    truth = {
        "models": [
            {
                "model": "m",
                "complete": {},
                "unlocated": [],
                "script_clean": [["mod.py", 3, 5], ["mod.py", 7, 9]],
            }
        ],
        "findings": [],
    }
    coverage = {"models": {"m": {"mod.py": [[1, 9]]}}}
    diagnostics = [_diag(5, ["script"], "TL205"), _diag(9, ["script"], "TL205")]
    result = score.score(truth, coverage, diagnostics, root=tmp_path)["script"]
    assert set(result.fp) == {("mod.py", 9)}
    assert set(result.unverified) == {("mod.py", 5)}


# ---------------------------------------------------------------- the wider corpus and its tables


def test_the_wider_corpus_runs_each_model_in_eval_and_train_and_holds_nothing_of_the_others():
    wider = ground_truth.load_corpus("wider")
    assert set(wider.MODELS) == {f"{m}.{mode}" for m in wider.BASE_MODELS for mode in wider.MODES}
    assert wider.MODES == ("eval", "train")
    dev = set(ground_truth.load_corpus("pytorch").PACKAGES) | {"transformers"}
    assert not (HELD_OUT | dev) & set(wider.PACKAGES)
    packages = {module.split(".")[0] for module, *_ in wider.MODELS.values()}
    assert packages <= set(wider.PACKAGES)


# The generalisation corpora after `wider`, in the order they were built: each holds packages
# of its own, none of the dev ones, the held-out ones or any earlier corpus's.
LATER_CORPORA = (
    "unseen",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "fresh8",
    "fresh9",
    "fresh10",
    "fresh11",
    "fresh12",
    "fresh13",
    "fresh14",
    "fresh15",
    "fresh16",
    "fresh17",
    "fresh18",
    "fresh19",
    "fresh20",
    "fresh21",
    "fresh22",
    "fresh23",
)


@pytest.mark.parametrize("position", range(len(LATER_CORPORA)))
def test_each_later_corpus_shares_no_package_with_the_earlier_or_the_held_out_ones(position):
    corpus = ground_truth.load_corpus(LATER_CORPORA[position])
    assert set(corpus.MODELS) == {f"{m}.eval" for m in corpus.BASE_MODELS} | {
        f"{m}.train" for m in corpus.TRAINING
    }
    others = set(ground_truth.load_corpus("pytorch").PACKAGES) | {"transformers"}
    for earlier in ("wider", *LATER_CORPORA[:position]):
        others |= set(ground_truth.load_corpus(earlier).PACKAGES)
    assert not (HELD_OUT | others) & set(corpus.PACKAGES)
    packages = {module.split(".")[0] for module, *_ in corpus.MODELS.values()}
    assert packages <= set(corpus.PACKAGES)
    if LATER_CORPORA[position] != "fresh":  # fresh pins one package its models do not import
        assert packages == set(corpus.PACKAGES)  # every pinned package has a model


def test_no_distribution_is_pinned_for_two_corpora():
    setup = (ground_truth.HERE / "setup_env.sh").read_text()
    pins = {
        name: {p.lower().replace("_", "-") for p in re.findall(r'"([A-Za-z0-9_.-]+)==', body)}
        for name, body in re.findall(r"\n(\w+)_CORPUS_PINS=\((.*?)\n\)", setup, re.S)
    }
    assert set(pins) == {"PYTORCH", "WIDER", *(c.upper() for c in LATER_CORPORA)}
    for name, listed in pins.items():
        for other, also in pins.items():
            assert other == name or not listed & also, (name, other, listed & also)
    fresh5 = ground_truth.load_corpus("fresh5")
    assert pins["FRESH5"] == {d.lower().replace("_", "-") for d in fresh5.PACKAGES.values()}
    fresh6 = ground_truth.load_corpus("fresh6")
    assert pins["FRESH6"] == {d.lower().replace("_", "-") for d in fresh6.PACKAGES.values()}
    fresh7 = ground_truth.load_corpus("fresh7")
    assert pins["FRESH7"] == {d.lower().replace("_", "-") for d in fresh7.PACKAGES.values()}
    fresh8 = ground_truth.load_corpus("fresh8")  # and i6-models' typeguard
    assert pins["FRESH8"] - {"typeguard"} == {
        d.lower().replace("_", "-") for d in fresh8.PACKAGES.values()
    }
    fresh9 = ground_truth.load_corpus("fresh9")
    assert pins["FRESH9"] == {d.lower().replace("_", "-") for d in fresh9.PACKAGES.values()}
    fresh10 = ground_truth.load_corpus("fresh10")
    assert pins["FRESH10"] == {d.lower().replace("_", "-") for d in fresh10.PACKAGES.values()}
    fresh11 = ground_truth.load_corpus("fresh11")
    assert pins["FRESH11"] == {d.lower().replace("_", "-") for d in fresh11.PACKAGES.values()}
    fresh12 = ground_truth.load_corpus("fresh12")  # and e3nn's opt-einsum and opt-einsum-fx
    assert pins["FRESH12"] - {"opt-einsum", "opt-einsum-fx"} == {
        d.lower().replace("_", "-") for d in fresh12.PACKAGES.values()
    }
    fresh13 = ground_truth.load_corpus("fresh13")  # and tad-dftd3's tad-mctc
    assert pins["FRESH13"] - {"tad-mctc"} == {
        d.lower().replace("_", "-") for d in fresh13.PACKAGES.values()
    }
    fresh14 = ground_truth.load_corpus("fresh14")  # and its four pure-Python dependencies
    assert pins["FRESH14"] - {"autoray", "pyro-api", "torchtyping", "trampoline"} == {
        d.lower().replace("_", "-") for d in fresh14.PACKAGES.values()
    }
    fresh15 = ground_truth.load_corpus("fresh15")  # and its six pure-Python dependencies
    assert pins["FRESH15"] - {
        "cloudpickle",
        "dependencies",
        "farama-notifications",
        "gateloop-transformer",
        "gymnasium",
        "lightning-utilities",
    } == {d.lower().replace("_", "-") for d in fresh15.PACKAGES.values()}
    fresh16 = ground_truth.load_corpus("fresh16")  # and tft-torch's omegaconf with its antlr4
    assert pins["FRESH16"] - {"antlr4-python3-runtime", "omegaconf"} == {
        d.lower().replace("_", "-") for d in fresh16.PACKAGES.values()
    }
    fresh17 = ground_truth.load_corpus("fresh17")  # and jaxtyping's wadler-lindig
    assert pins["FRESH17"] - {"jaxtyping", "wadler-lindig"} == {
        d.lower().replace("_", "-") for d in fresh17.PACKAGES.values()
    }
    fresh18 = ground_truth.load_corpus("fresh18")
    assert pins["FRESH18"] == {d.lower().replace("_", "-") for d in fresh18.PACKAGES.values()}
    fresh19 = ground_truth.load_corpus("fresh19")
    assert pins["FRESH19"] == {d.lower().replace("_", "-") for d in fresh19.PACKAGES.values()}
    fresh20 = ground_truth.load_corpus("fresh20")
    assert pins["FRESH20"] == {d.lower().replace("_", "-") for d in fresh20.PACKAGES.values()}
    fresh21 = ground_truth.load_corpus("fresh21")
    assert pins["FRESH21"] == {d.lower().replace("_", "-") for d in fresh21.PACKAGES.values()}
    fresh22 = ground_truth.load_corpus("fresh22")
    assert pins["FRESH22"] == {d.lower().replace("_", "-") for d in fresh22.PACKAGES.values()}
    fresh23 = ground_truth.load_corpus("fresh23")
    assert pins["FRESH23"] == {d.lower().replace("_", "-") for d in fresh23.PACKAGES.values()}


def test_the_corpora_built_like_the_pytorch_one_share_one_loaded_pytorch_corpus():
    shared = {
        id(ground_truth.load_corpus(corpus).pytorch_corpus())
        for corpus in (
            "wider",
            "unseen",
            "fresh",
            "fresh2",
            "fresh3",
            "fresh4",
            "fresh5",
            "fresh6",
            "fresh7",
            "fresh8",
            "fresh9",
            "fresh10",
            "fresh11",
            "fresh12",
            "fresh13",
            "fresh14",
            "fresh15",
            "fresh16",
            "fresh17",
            "fresh18",
            "fresh19",
            "fresh20",
            "fresh21",
            "fresh22",
            "fresh23",
        )
    }
    assert len(shared) == 1
    pytorch = ground_truth.load_corpus("pytorch")
    assert ground_truth.load_corpus("fresh2").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh3").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh4").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh5").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh6").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh7").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh8").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh9").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh10").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh11").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh12").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh13").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh14").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh15").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh16").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh17").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh18").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh19").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh20").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh21").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh22").SHAPES == pytorch.SHAPES
    assert ground_truth.load_corpus("fresh23").SHAPES == pytorch.SHAPES


def test_a_namespace_package_is_located_by_its_path(tmp_path: Path):
    import types

    plain = types.SimpleNamespace(__file__=str(tmp_path / "pkg" / "__init__.py"), __path__=[])
    namespace = types.SimpleNamespace(__file__=None, __path__=[str(tmp_path / "ns")])
    assert ground_truth._package_folder(plain) == str(tmp_path / "pkg")
    assert ground_truth._package_folder(namespace) == str(tmp_path / "ns")


def _scored(tmp_path: Path, diagnostics: list[dict]) -> dict:
    (tmp_path / "mod.py").write_text(SOURCE)
    truth = {
        "models": [{"model": "m", "complete": {"trace": True, "compile": True}, "unlocated": []}],
        "findings": [_finding("trace", 6), _finding("compile", 8)],
    }
    coverage = {"models": {"m": {"mod.py": [[1, 8]]}, "n": {"mod.py": [[2, 4]]}}}
    return score.score(truth, coverage, diagnostics, root=tmp_path)


def test_false_findings_are_counted_per_10k_executed_lines(tmp_path: Path):
    result = _scored(tmp_path, [_diag(7, ["compile"]), _diag(6, ["compile"])])
    compile_ = result["compile"]
    # Two false alarms over the 8 distinct lines the two models executed.
    assert compile_.executed_lines == 8
    assert compile_.false_per_10k == 1e4 * 2 / 8
    combined = score.combine({"one": result, "two": _scored(tmp_path, [])})["compile"]
    assert combined.executed_lines == 16
    assert combined.false_per_10k == 1e4 * 2 / 16


def test_per_rule_counts_hits_and_false_alarms_by_rule_and_backend(tmp_path: Path):
    diagnostics = [
        _diag(6, ["trace", "compile"], "TL106"),  # trace hit, compile false alarm
        _diag(6, ["trace"], "TL109"),  # the same trace hit, second rule
        _diag(8, ["compile"], "TL103"),  # compile hit
        _diag(7, ["compile"], "TL103"),  # compile false alarm
    ]
    rules = score.per_rule(_scored(tmp_path, diagnostics))
    assert rules == {
        ("TL106", "trace"): (1, 0),
        ("TL109", "trace"): (1, 0),
        ("TL106", "compile"): (0, 1),
        ("TL103", "compile"): (1, 1),
    }


def test_the_side_by_side_tables_show_each_column(tmp_path: Path):
    dev = _scored(tmp_path, [_diag(6, ["trace"], "TL106"), _diag(7, ["compile"], "TL101")])
    wider = _scored(tmp_path, [_diag(7, ["trace"], "TL106")])
    columns = {"dev": dev, "wider": wider}
    lines = score.side_by_side(columns).splitlines()
    assert lines[0] == "| measure | dev | wider |"
    trace = next(line for line in lines if line.startswith("| trace precision"))
    assert "1.00 / 1.00 (1 TP, 0 FN, 0 FP)" in trace and "0.00 / 0.00 (0 TP, 1 FN, 1 FP)" in trace
    per_10k = next(line for line in lines if line.startswith("| compile false findings"))
    assert per_10k == f"| compile false findings per 10k executed lines | {1e4 / 8:.1f} | 0.0 |"
    rules = score.rule_table(columns).splitlines()
    assert "| TL106 | trace | 1 / 0 / 1.00 | 0 / 1 / 0.00 |" in rules
    assert "| TL101 | compile | 0 / 1 / 0.00 | - |" in rules


def test_dev_corpora_add_up_beside_the_wider_and_unseen_ones(tmp_path: Path):
    one = _scored(tmp_path, [_diag(6, ["trace"])])
    other = _scored(tmp_path, [])
    results = [
        score.CorpusResult("transformers", "", [], one),
        score.CorpusResult("unseen", "", [], other),
        score.CorpusResult("pytorch", "", [], _scored(tmp_path, [])),
        score.CorpusResult("wider", "", [], one),
    ]
    columns = score.generalisation_columns(results)
    # Each generalisation corpus is a column of its own, never added into the dev column.
    assert list(columns) == ["dev (transformers + pytorch)", "wider", "unseen"]
    assert len(columns["dev (transformers + pytorch)"]["trace"].fn) == 1
    assert columns["wider"] is one and columns["unseen"] is other
    assert score.side_by_side_title(columns) == "Dev, wider and unseen corpora side by side"
    assert score.side_by_side_title({"wider": one}) == "Wider corpora side by side"


def test_a_top_level_module_is_located_relative_to_site_packages(tmp_path: Path, monkeypatch):
    (tmp_path / "solo_mod.py").write_text("x = 1\n")
    (tmp_path / "pkg_c").mkdir()
    (tmp_path / "pkg_c" / "__init__.py").write_text("")
    (tmp_path / "pkg_c" / "a.py").write_text("")
    (tmp_path / "elsewhere.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    child = ground_truth.Child("m", ["solo_mod", "pkg_c"])
    assert child.rel(str(tmp_path / "solo_mod.py")) == "/solo_mod.py"
    assert child.rel(str(tmp_path / "pkg_c" / "a.py")) == "pkg_c/a.py"
    # A module is its one file, not the folder it lies in.
    assert child.rel(str(tmp_path / "elsewhere.py")) is None
    child.coverage = {"/solo_mod.py": {1}, "pkg_c/a.py": {1}}
    child.add("trace", ("/solo_mod.py", 1), "r", "warning", "trace")
    result = child.result(1.0)
    assert "package" not in result["findings"][0]
    assert score.location(result["findings"][0]) == "solo_mod.py"
    truth = {"packages": ["solo_mod", "pkg_c"]}
    files = score.coverage_by_model(truth, {"models": {"m": result["coverage"]}})["m"]
    assert set(files) == {"solo_mod.py", "pkg_c/a.py"}  # paths relative to site-packages


FLOW_PACKAGE = """\
import torch


class Cell(torch.nn.Module):
    def forward(self, x):
        if x.dim() == 3:
            x = x * 2
        return x + 1


class Steps(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = Cell()

    def forward(self, x):
        scale = x.abs().max().item()
        out = torch.zeros(x.shape)
        for i in range(x.shape[1]):
            out[:, i] = self.cell(x[:, i]) * scale
        return out


class Counted(torch.nn.Module):
    calls = 0

    def forward(self, x):
        self.calls += 1
        return x * self.calls


class Warmed(torch.nn.Module):
    ready = False

    def forward(self, x):
        if not self.ready:
            self.ready = True
            x = x + 0
        if x.shape[1] > 10:
            x = x[:, :10]
        return x * 2
"""


def _trace_findings(tmp_path: Path, monkeypatch, model_name: str) -> tuple[list, list]:
    """The trace findings and unlocated entries of one model of FLOW_PACKAGE."""
    child = _traced_child(tmp_path, monkeypatch, model_name)
    return child.findings, child.unlocated


def _traced_child(tmp_path: Path, monkeypatch, model_name: str):
    """One model of FLOW_PACKAGE run the way a ground-truth child runs it: eager A and B under
    the coverage recorder, then the trace."""
    torch = pytest.importorskip("torch")
    package = tmp_path / "flowpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "m.py").write_text(FLOW_PACKAGE)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("flowpkg.m")
    child = ground_truth.Child("m", ["flowpkg"])
    wrapper = ground_truth._make_wrapper(getattr(module, model_name)(), ["x"], {})
    a, b = (torch.randn(2, 8),), (torch.randn(3, 12),)
    flows = ground_truth.FlowRecorder()

    def eager(args: tuple) -> list:
        flows.start()
        return ground_truth._seeded(wrapper, args)

    with torch.no_grad():
        expected = ground_truth._covering(child, lambda: [eager(x) for x in (a, b)], flows)
        paths = (flows.runs[0], flows.runs[1])
        ground_truth.run_trace(child, wrapper, a, b, expected[1], paths)
    sys.modules.pop("flowpkg.m", None)
    sys.modules.pop("flowpkg", None)
    return child


def test_a_trace_divergence_is_located_where_input_b_takes_another_path(tmp_path, monkeypatch):
    findings, unlocated = _trace_findings(tmp_path, monkeypatch, "Steps")
    lines = {f["line"]: f["kind"] for f in findings}
    # The .item() warns at line 17; the loop over x.shape[1] (8 turns traced, 12 for B) is where
    # the trace really parts from eager B, recorded although the model warned elsewhere.
    assert lines == {17: "warning", 19: "divergence"}
    assert unlocated == []


def test_a_trace_divergence_on_one_path_stays_unlocated(tmp_path, monkeypatch):
    # The trace bakes in the count of calls as a constant: same path for A and B, no warning.
    findings, unlocated = _trace_findings(tmp_path, monkeypatch, "Counted")
    assert findings == []
    assert [u["kind"] for u in unlocated] == ["divergence"]


def test_decision_sites_pair_the_calls_made_before_the_paths_part():
    def flow(where: str, *events) -> object:
        f = ground_truth.Flow(where)
        for event in events:
            if isinstance(event, int):
                f.events.append(("line", event))
            else:
                f.calls[len(f.events)] = event
                f.events.append(("call", event.where, 1, "f"))
        return f

    inner_a, inner_b = flow("c.py", 5, 6, 5, 7), flow("c.py", 5, 6, 5, 6, 5, 7)
    outer_a = flow("o.py", 10, inner_a, 11, 10, 12)
    outer_b = flow("o.py", 10, inner_b, 11, 10, 11, 10, 12)
    assert ground_truth.decision_sites([outer_a], [outer_b]) == [("o.py", 10), ("c.py", 5)]
    same = flow("o.py", 1, 2)
    assert ground_truth.decision_sites([same], [flow("o.py", 1, 2)]) == []


def test_the_trace_records_the_lines_its_own_run_on_a_executed(tmp_path, monkeypatch):
    """Eager A ran the first call's set-up (lines 37-38 of FLOW_PACKAGE), eager B the slice of
    its longer input (line 40); the trace, a later call on A, ran neither: the child keeps the
    lines the trace ran apart from the coverage, as the ground truth's ``ran``."""
    child = _traced_child(tmp_path, monkeypatch, "Warmed")
    coverage = child.coverage["m.py"]
    traced = child.ran["trace"]["m.py"]
    assert {37, 38, 40} <= coverage
    assert {36, 39, 41} <= traced and not traced & {37, 38, 40}
    assert child.result(1.0)["ran"] == {"trace": {"m.py": ground_truth.to_ranges(traced)}}
    # The size test warns; the divergence is located where eager A and B parted (the set-up
    # test): both lines the trace ran.
    assert {f["line"]: f["kind"] for f in child.findings} == {36: "divergence", 39: "warning"}
