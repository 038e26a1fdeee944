"""Session 27 (helper-247): heldout38's script misses, by mechanism, in other spellings.

- TL209: a Python function of ``torch.backends.*`` TorchScript compiles from its source and
  fails on (the generated ``python_functions_unscriptable``, now over the back-end
  namespaces): ``torch.backends.cuda.flash_sdp_enabled()``.
- TL212: a setting read from a plain Python object of a back-end namespace (the generated
  ``python_values_unscriptable``): ``torch.backends.cuda.matmul.allow_tf32``.
- TL215: ``in`` with an enum member (a ``Flag`` combination held on the module) on the right.
- TL213: a read TorchScript types Optional (the generated ``optional_attributes``:
  ``t.device.index``, ``t.name``) tested in place in a conditional expression whose value
  then goes into arithmetic.

Every case is also scripted with torch: flagged ones must fail, clean ones must script and
match eager (``tests/oracle.py``).
"""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings
from torchlint.lint.torchscript_tables import torchscript_table

from .conftest import requires_torch
from .fix_helpers import fixed_text
from .lint_helpers import findings

HEADER = (
    "import enum\nfrom typing import Optional\n\n"
    "import torch\nimport torch.backends.cuda\nfrom torch import Tensor, nn\n"
)
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]\n"


def _model(init: str, forward: str, before: str = "", signature: str = "x: Tensor") -> str:
    init = textwrap.indent(textwrap.dedent(init).strip("\n"), " " * 8)
    forward = textwrap.indent(textwrap.dedent(forward).strip("\n"), " " * 8)
    return (
        HEADER
        + textwrap.dedent(before)
        + "\n\nclass Model(nn.Module):\n"
        + f"    def __init__(self{', ' + signature if signature != 'x: Tensor' else ''}):\n"
        + "        super().__init__()\n"
        + init
        + "\n\n    def forward(self, x: Tensor) -> Tensor:\n"
        + forward
        + "\n"
        + INPUTS
    )


FLAGS = """
class Outputs(enum.Flag):
    LOGITS = 1
    FEATURES = 2
    POOLED = 4
"""

# TL209: back-end queries compiled from their Python source.
MEM_EFFICIENT_ALIAS = _model(
    "pass",
    """
    if x.is_cuda and mem_efficient_sdp_enabled():
        return x.softmax(-1)
    return x.log_softmax(-1)
    """,
    before="from torch.backends.cuda import mem_efficient_sdp_enabled\n",
)
MATH_SDP = _model(
    "pass",
    """
    use_math = torch.backends.cuda.math_sdp_enabled()
    return x.softmax(-1) if use_math else x
    """,
)
FASTPATH_OK = _model(
    "pass",
    """
    if torch.backends.mha.get_fastpath_enabled() and not torch.backends.mps.is_available():
        return x.softmax(-1)
    return x
    """,
)
# TL212: a setting read from a plain object of a back-end namespace.
MATMUL_ALIAS = _model(
    "pass",
    """
    if x.is_cuda and matmul.allow_fp16_reduced_precision_reduction:
        return x.double().float()
    return x * 2
    """,
    before="from torch.backends.cuda import matmul\n",
)
CUFFT_CACHE = _model(
    "pass",
    """
    if x.is_cuda and torch.backends.cuda.cufft_plan_cache.max_size > 0:
        return torch.fft.rfft(x).abs()
    return x
    """,
)
CUDNN_OK = _model(
    "pass",
    """
    if torch.backends.cudnn.enabled and torch.backends.cudnn.deterministic:
        return x * 2
    return x
    """,
)
# TL215: `in` with an enum member on the right.
FLAG_PARAMETER_DEFAULT = _model(
    "self.want = want",
    """
    if Outputs.POOLED not in self.want:
        return x
    return x.mean(0, keepdim=True)
    """,
    before=FLAGS,
    signature="want: Outputs = Outputs.LOGITS | Outputs.POOLED",
)
FLAG_BOOL_OK = _model(
    "self.want_pooled = Outputs.POOLED in want",
    """
    if not self.want_pooled:
        return x
    return x.mean(0, keepdim=True)
    """,
    before=FLAGS,
    signature="want: Outputs = Outputs.LOGITS | Outputs.POOLED",
)
FLAG_EQUAL_OK = _model(
    "self.want = Outputs.POOLED",
    """
    if self.want == Outputs.POOLED:
        return x.mean(0, keepdim=True)
    return x
    """,
    before=FLAGS,
)
# TL213: an Optional read tested in place, its conditional then in arithmetic.
INDEX_IS_NONE_FORM = _model(
    "pass",
    """
    offset = 0 if x.device.index is None else x.device.index
    return x + (offset + 1)
    """,
)
NAME_CONCAT = _model(
    "pass",
    """
    label = x.name if x.name is not None else "t"
    key = "feat_" + label
    return x * len(key)
    """,
)
INDEX_LOCAL_OK = _model(
    "pass",
    """
    index = x.device.index
    offset = index if index is not None else 0
    return x + (offset + 1)
    """,
)
INDEX_COMPARED = _model(
    "pass",
    """
    offset = x.device.index if x.device.index is not None else 0
    return x if offset == 0 else x * 2
    """,
)
INDEX_REFINED_AFTER_OK = _model(
    "pass",
    """
    offset = x.device.index if x.device.index is not None else 0
    if offset is not None:
        return x + offset
    return x
    """,
)

CASES = {
    "mem_efficient_alias": (MEM_EFFICIENT_ALIAS, "TL209", True),
    "math_sdp": (MATH_SDP, "TL209", True),
    "fastpath_ok": (FASTPATH_OK, "TL209", False),
    "matmul_alias": (MATMUL_ALIAS, "TL212", True),
    "cufft_cache": (CUFFT_CACHE, "TL212", True),
    "cudnn_ok": (CUDNN_OK, "TL212", False),
    "flag_parameter_default": (FLAG_PARAMETER_DEFAULT, "TL215", True),
    "flag_bool_ok": (FLAG_BOOL_OK, "TL215", False),
    "flag_equal_ok": (FLAG_EQUAL_OK, "TL215", False),
    "index_is_none_form": (INDEX_IS_NONE_FORM, "TL213", True),
    "name_concat": (NAME_CONCAT, "TL213", True),
    "index_local_ok": (INDEX_LOCAL_OK, "TL213", False),
    "index_compared": (INDEX_COMPARED, "TL213", True),
    "index_refined_after_ok": (INDEX_REFINED_AFTER_OK, "TL213", False),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_lint(case: str) -> None:
    source, code, flagged = CASES[case]
    found = findings(source, code, "script")
    assert bool(found) == flagged, [d.message for d in found]


@pytest.mark.parametrize("case", sorted(c for c, (_, _, flagged) in CASES.items() if not flagged))
def test_no_other_script_finding_on_clean_cases(case: str) -> None:
    source = CASES[case][0]
    result = lint_text("model.py", source, Settings(targets=("script",), targets_explicit=True))
    assert not [d.message for d in result.diagnostics if "script" in d.targets]


@requires_torch
@pytest.mark.parametrize("case", sorted(CASES))
def test_torch_agrees(case: str) -> None:
    from .oracle import check

    source, _, flagged = CASES[case]
    verdict = check(source, "script")
    assert verdict.ok == (not flagged), verdict.detail


def test_tables_hold_the_backend_entries() -> None:
    table = torchscript_table()
    assert "torch.backends.cuda.flash_sdp_enabled" in table["python_functions_unscriptable"]
    assert "torch.backends.cuda.matmul" in table["python_values_unscriptable"]
    assert table["optional_attributes"]["device"] == {"index": "Optional[int]"}
    # No object address in a stored error line: the table stays the same run to run.
    assert not any("0x" in e for e in table["python_functions_unscriptable"].values())


def test_messages_quote_the_generated_error() -> None:
    (found,) = findings(MATMUL_ALIAS, "TL212", "script")
    assert "python value of type 'cuBLASModule'" in found.message
    (found,) = findings(INDEX_IS_NONE_FORM, "TL213", "script")
    assert "Optional[int]" in found.message


# -- fixers/repair_session27s.py ------------------------------------------------------------------
SCRIPT = Settings(targets=("script",), targets_explicit=True)

PRODUCT_THREE = """\
import itertools

import torch
from torch import nn


class CellGrid(nn.Module):
    def __init__(self, levels: int = 2):
        super().__init__()
        self.levels = levels

    def forward(self, x):
        total = x.new_zeros(())
        for i, j, k in itertools.product(range(self.levels), range(1, len(x)), range(2)):
            total = total + x[j].sum() * (i + 1) - k
        return total


Model = CellGrid


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
"""
PRODUCT_BREAK = PRODUCT_THREE.replace(
    "            total = total + x[j].sum() * (i + 1) - k\n",
    "            total = total + x[j].sum() * (i + 1) - k\n            if k > 0:\n                break\n",
)
MEM_EFFICIENT_GATE = _model(
    "pass",
    """
    if x.is_cuda and torch.backends.cuda.mem_efficient_sdp_enabled():
        return x.softmax(-1)
    return x.log_softmax(-1)
    """,
)
MATMUL_NOT = _model(
    "pass",
    """
    y = x * 2
    if not torch.backends.cuda.matmul.allow_tf32 or x.shape[0] > 2:
        y = y + 1
    return y
    """,
)
MATMUL_VALUE = _model(
    "pass",
    """
    flag = torch.backends.cuda.matmul.allow_tf32
    return x * 2 if flag else x
    """,
)
INDEX_IS_NONE_FIX = _model(
    "pass",
    """
    offset = 0 if x.device.index is None else x.device.index
    return x + (offset + 1)
    """,
)


def _assert_script_repaired(source: str, fixed: str) -> None:
    from .oracle import assert_eager_unchanged, check

    assert fixed != source
    assert_eager_unchanged(source, fixed)
    assert not check(source, "script").ok, "nothing to repair"
    verdict = check(fixed, "script")
    assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    result = lint_text("model.py", fixed, SCRIPT)
    assert not [d.message for d in result.diagnostics if "script" in d.targets]


def test_product_of_ranges_nests_the_loops_in_argument_order():
    fixed = fixed_text(PRODUCT_THREE, SCRIPT)
    assert (
        "        for i in range(self.levels):\n"
        "            for j in range(1, len(x)):\n"
        "                for k in range(2):\n"
        "                    total = total + x[j].sum() * (i + 1) - k\n"
    ) in fixed
    assert fixed_text(PRODUCT_BREAK, SCRIPT) == PRODUCT_BREAK  # a break leaves the inner loop


def test_backend_query_and_setting_go_through_ignored_functions():
    fixed = fixed_text(MEM_EFFICIENT_GATE, SCRIPT, unsafe=True)
    assert "def _backends_cuda_mem_efficient_sdp_enabled() -> bool:" in fixed
    assert fixed_text(MEM_EFFICIENT_GATE, SCRIPT, unsafe=False) == MEM_EFFICIENT_GATE
    fixed = fixed_text(MATMUL_NOT, SCRIPT, unsafe=True)
    assert "if not _backends_cuda_matmul_allow_tf32() or x.shape[0] > 2:" in fixed
    # a read kept as a value: its type is not known to be bool, left for the hand fix
    assert fixed_text(MATMUL_VALUE, SCRIPT, unsafe=True) == MATMUL_VALUE


FLAG_TWICE = _model(
    "self.want = want",
    """
    if Outputs.POOLED in self.want:
        x = x.mean(0, keepdim=True)
    if Outputs.POOLED not in self.want or Outputs.LOGITS in self.want:
        return x * 2
    return x
    """,
    before=FLAGS,
    signature="want: Outputs = Outputs.LOGITS | Outputs.POOLED",
)


def test_flag_membership_becomes_a_bool_set_in_init():
    fixed = fixed_text(FLAG_TWICE, SCRIPT, unsafe=True)
    assert fixed.count("self.want_pooled = Outputs.POOLED in self.want\n") == 1
    assert "self.want_logits = Outputs.LOGITS in self.want\n" in fixed
    assert "if not self.want_pooled or self.want_logits:" in fixed
    assert fixed_text(FLAG_TWICE, SCRIPT, unsafe=False) == FLAG_TWICE


def test_optional_read_is_bound_to_a_local():
    fixed = fixed_text(INDEX_IS_NONE_FIX, SCRIPT)
    assert "index_value = x.device.index\n" in fixed
    assert "offset = 0 if index_value is None else index_value\n" in fixed


@requires_torch
@pytest.mark.parametrize(
    ("source", "unsafe"),
    [
        (PRODUCT_THREE, False),
        (MEM_EFFICIENT_GATE, True),
        (MATMUL_NOT, True),
        (INDEX_IS_NONE_FIX, False),
        (NAME_CONCAT, False),
        (FLAG_TWICE, True),
        (FLAG_PARAMETER_DEFAULT, True),
    ],
    ids=[
        "product",
        "mem_efficient",
        "matmul_not",
        "index_is_none",
        "name_concat",
        "flag_twice",
        "flag_default",
    ],
)
def test_torch_confirms_the_repair(source: str, unsafe: bool) -> None:
    _assert_script_repaired(source, fixed_text(source, SCRIPT, unsafe=unsafe))
