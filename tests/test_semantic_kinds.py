"""Value kinds in graph code: tensor, size, data-dependent scalar, constant, module, ..."""

from __future__ import annotations

from torchlint.lint.semantic.kinds import Kind

from .semantic_helpers import expression_kinds, kinds_in, while_test_kind

T, SIZE, RANK, SHAPE, DATA, CONST, MOD, MODS, TS, UNK = (
    Kind.TENSOR,
    Kind.SIZE,
    Kind.RANK,
    Kind.SHAPE,
    Kind.DATA,
    Kind.CONST,
    Kind.MODULE,
    Kind.MODULES,
    Kind.TENSORS,
    Kind.UNKNOWN,
)

BLOCK = """
import math
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from typing import List, Optional

EPS = 1e-5

class Block(nn.Module):
    def __init__(self, config, dim: int, heads: int = 4):
        super().__init__()
        self.heads = heads
        self.dropout_p = config.dropout
        self.scale = dim ** -0.5
        self.proj = nn.Linear(dim, dim)
        self.layers = nn.ModuleList([nn.Linear(dim, dim) for _ in range(2)])
        self.register_buffer("causal", torch.ones(8, 8))
        self.gain = nn.Parameter(torch.ones(dim))

    def forward(self, x, mask: Optional[torch.Tensor] = None, steps: int = 3, flag=True,
                extra=None, *rest, **options):
        b, t, c = x.shape
        first = x.shape[0]
        last = x.size(-1)
        shape = x.size()
        rank = x.dim()
        rank2 = len(x.shape)
        count = x.numel()
        length = len(x)
        heads = self.heads
        p = self.dropout_p
        training = self.training
        y = self.proj(x)
        total = y.sum()
        value = total.item()
        as_int = int(total)
        as_float = float(value)
        size_int = int(x.shape[1])
        values = y.tolist()
        arr = y.detach().numpy()
        q, k = y.chunk(2, dim=-1)
        parts = torch.split(y, 2)
        row = parts[0]
        for layer in self.layers:
            y = layer(y)
        for i in range(x.size(0)):
            idx = i
        for j in range(steps):
            jdx = j
        for r in x:
            rowv = r
        scaled = y * self.scale + EPS
        cmp = y > 0
        size_cmp = t > 1
        any_pos = (y > 0).any()
        ident = mask is None
        buf = self.causal
        gain = self.gain
        stacked = torch.stack([y, y])
        listed = [y, y]
        shape_list = [b, t]
        nested = self._helper(y, t)
        fn_out = helper_fn(y)
        math_val = math.sqrt(c)
        np_const = np.sqrt(4)
        np_tensor = np.exp(arr)
        cond_expr = y if steps > 1 else x
        w = x.new_zeros(3)
        dt = x.dtype
        maxv, argmax = y.max(dim=-1)
        maxall = y.max()
        n = 0
        n += t
        acc = 0
        acc = acc + y
        return scaled

    def _helper(self, y, t):
        z = y + t
        return z

def helper_fn(x):
    return x * 2
"""


def test_kinds_through_assignments_unpacking_and_calls():
    env = kinds_in(BLOCK, "Block.forward")
    expected = {
        "x": T,
        "mask": T,
        "steps": CONST,
        "flag": CONST,
        "extra": UNK,
        "rest": TS,
        "options": UNK,
        "b": SIZE,
        "t": SIZE,
        "c": SIZE,
        "first": SIZE,
        "last": SIZE,
        "shape": SHAPE,
        "rank": RANK,
        "rank2": RANK,
        "count": SIZE,
        "length": SIZE,
        "heads": CONST,
        "p": CONST,
        "training": CONST,
        "y": T,
        "total": T,
        "value": DATA,
        "as_int": DATA,
        "as_float": DATA,
        "size_int": SIZE,
        "values": DATA,
        "arr": Kind.NDARRAY,
        "q": T,
        "k": T,
        "parts": TS,
        "row": T,
        "layer": MOD,
        "idx": SIZE,
        "jdx": CONST,
        "rowv": T,
        "scaled": T,
        "cmp": T,
        "size_cmp": SIZE,
        "any_pos": T,
        "ident": CONST,
        "buf": T,
        "gain": T,
        "stacked": T,
        "listed": TS,
        "shape_list": SHAPE,
        "nested": T,
        "math_val": SIZE,
        "np_const": CONST,
        "np_tensor": Kind.NDARRAY,
        "cond_expr": T,
        "w": T,
        "dt": CONST,
        "maxv": T,
        "argmax": T,
        "maxall": T,
        "n": SIZE,
        "acc": T,
        "self": MOD,
    }
    wrong = {
        name: (env.get(name), kind) for name, kind in expected.items() if env.get(name) != kind
    }
    assert not wrong, wrong


def test_call_site_kinds_flow_into_helpers_and_back():
    env = kinds_in(BLOCK, "Block._helper")
    assert env["y"] == T
    assert env["t"] == SIZE
    assert env["z"] == T
    assert kinds_in(BLOCK, "helper_fn")["x"] == T


def test_a_roots_none_default_parameter_used_as_a_tensor_is_one():
    source = """
    import torch
    from torch import nn

    def helper(x, scale=None):
        return x * scale.float()

    class Net(nn.Module):
        def forward(self, x, pad_mask=None, lengths=None, cache=None):
            if pad_mask is not None:
                x = x.masked_fill(pad_mask[:, None], 0.0)
            if lengths is not None:
                x = x * lengths.unsqueeze(-1)
            if cache is not None:
                x = x + cache[0]
            return helper(x)
    """
    env = kinds_in(source, "Net.forward")
    # Masks with it, calls unsqueeze on it: tensors; indexed only: not known.
    assert env["pad_mask"] == T
    assert env["lengths"] == T
    assert env["cache"] == Kind.UNKNOWN
    # A helper's parameters take their kinds from the call sites.
    assert kinds_in(source, "helper")["scale"] == Kind.UNKNOWN


def test_expression_kinds_for_conditions():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self, use_bias=True):
            super().__init__()
            self.use_bias = use_bias
            self.fc = nn.Linear(4, 4)

        def forward(self, x):
            x.sum() > 0
            (x > 0).any()
            x.shape[0] > 1
            self.training
            self.use_bias and x.dim() == 2
            not x.any()
            x.item() > 0
            bool(x.sum())
            self.fc
            x.is_cuda
            x.shape[0] == 1 and x.sum() > 0
            return x
    """
    kinds = expression_kinds(source, "Net.forward")
    assert kinds == {
        "x.sum() > 0": T,
        "(x > 0).any()": T,
        "x.shape[0] > 1": SIZE,
        "self.training": CONST,
        "self.use_bias and x.dim() == 2": RANK,
        "not x.any()": DATA,
        "x.item() > 0": DATA,
        "bool(x.sum())": DATA,
        "self.fc": MOD,
        "x.is_cuda": CONST,
        "x.shape[0] == 1 and x.sum() > 0": T,
        "x": T,
    }


def test_branch_join_keeps_only_what_both_paths_agree_on():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x, scale: float = 1.0):
            if scale > 1:
                y = x * 2
                n = 1
                maybe = None
            else:
                y = x
                n = x.shape[0]
                maybe = x
            if scale > 2:
                mixed = x.sum()
            else:
                mixed = 0.5
            return y
    """
    env = kinds_in(source, "Net.forward")
    assert env["y"] == T
    assert env["n"] == SIZE
    assert env["maybe"] == T
    assert env["mixed"] == UNK


def test_loop_rebinding_is_seen_by_while_condition():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x, tol: float = 1e-3):
            err = 1.0
            while err > tol:
                x = x / 2
                err = (x * x).mean()
            return x
    """
    assert while_test_kind(source) == T


def test_non_graph_function_parameters_are_not_assumed_tensors():
    source = """
    import torch

    def configure(depth, width=64):
        if depth > 2:
            return width
        return depth
    """
    env = kinds_in(source, "configure")
    assert env["depth"] == UNK
    assert env["width"] == CONST


def test_einops_functions_and_layers_keep_tensors_tensors():
    source = """
    import torch
    from torch import nn
    from einops import rearrange, repeat
    from einops.layers.torch import Rearrange

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.to_patches = Rearrange("b c (h p) -> b h (p c)", p=2)

        def forward(self, x, heads: int = 2):
            patches = self.to_patches(x)
            split = rearrange(patches, "b n (h d) -> b h n d", h=heads)
            tiled = repeat(heads, "-> b", b=2)
            return split
    """
    env = kinds_in(source, "Net.forward")
    assert env["patches"] == T
    assert env["split"] == T
    assert env["tiled"] == UNK  # no tensor went in


def test_torch_state_queries_are_python_values():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x):
            torch.is_autocast_enabled("cpu")
            torch.is_nonzero(x.sum())
            torch.isfinite(x)
            torch.get_autocast_dtype("cpu")
            return x
    """
    kinds = expression_kinds(source, "Net.forward")
    assert kinds['torch.is_autocast_enabled("cpu")'] == CONST
    assert kinds['torch.get_autocast_dtype("cpu")'] == CONST
    assert kinds["torch.isfinite(x)"] == T
    assert kinds["torch.is_nonzero(x.sum())"] != CONST


def test_unknown_call_site_kind_keeps_the_parameter_annotation():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x):
            return self.attend(self.lookup[0], x.shape[0])

        def attend(self, query: torch.Tensor, n: int):
            if query.size(0) == n:
                return query
            return query * 2
    """
    env = kinds_in(source, "Net.attend")
    assert env["query"] == T


def test_tuple_returns_unpack_into_their_element_kinds():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def _pad(self, x, window: int):
            padding = (window - x.shape[1] % window) % window
            return padding, torch.nn.functional.pad(x, (0, padding))

        def forward(self, x):
            padding_len, padded = self._pad(x, 8)
            scaled = x.shape[0] * self.unknown_factor
            return padded
    """
    env = kinds_in(source, "Net.forward")
    assert env["padding_len"] == SIZE
    assert env["padded"] == T
    # a size times a value of unknown kind (a config value) still varies with the input
    assert env["scaled"] == SIZE


def test_and_gives_its_right_operand_and_training_gates_give_the_gate():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x, p: float = 0.1):
            pooled = x.size(1) > 2
            pooled = pooled and p > 0
            causal = p > 0 and x.size(1) > 1
            skip = self.training and torch.rand([]) < p
            half = x.dtype == torch.float16 and x.isinf().any()
            masked = p > 0 and x > 0
            return x
    """
    env = kinds_in(source, "Net.forward")
    assert env["pooled"] == CONST
    assert env["causal"] == SIZE
    assert env["skip"] == CONST
    assert env["half"] == CONST
    assert env["masked"] == T


def test_submodule_calls_carry_argument_kinds_into_forward():
    source = """
    import torch
    from torch import nn

    class Attention(nn.Module):
        def forward(self, x, is_global: bool = False, n=None):
            return x

    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = Attention()

        def forward(self, x, is_global=None, n=None):
            return self.attn(x, is_global=is_global, n=n)

    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([Layer() for _ in range(2)])

        def forward(self, x):
            flag = (x > 0).any().item()
            for i, layer in enumerate(self.layers):
                x = layer(x, is_global=flag, n=x.shape[0])
            return x
    """
    layer = kinds_in(source, "Layer.forward")
    assert layer["is_global"] == DATA
    assert layer["n"] == SIZE
    attention = kinds_in(source, "Attention.forward")
    # through two submodule calls; a caller's kind wins over the `bool` annotation
    assert attention["is_global"] == DATA
    assert attention["x"] == T


def test_argument_kinds_travel_down_a_long_chain_of_submodule_calls():
    # longformer: the model passes the mask to the encoder, which takes `.item()` of it and
    # hands the flag through the layer and the attention wrapper to the self-attention.
    source = """
    import torch
    from torch import nn

    class SelfAttention(nn.Module):
        def forward(self, x, mask=None, is_global=None):
            return x

    class Attention(nn.Module):
        def __init__(self):
            super().__init__()
            self.self = SelfAttention()

        def forward(self, x, mask=None, is_global=None):
            return self.self(x, mask=mask, is_global=is_global)

    class Layer(nn.Module):
        def __init__(self):
            super().__init__()
            self.attention = Attention()

        def forward(self, x, mask=None, is_global=None):
            return self.attention(x, mask=mask, is_global=is_global)

    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([Layer() for _ in range(2)])

        def forward(self, x, mask=None):
            is_global = (mask > 0).flatten().any().item()
            for layer in self.layers:
                x = layer(x, mask=mask, is_global=is_global)
            return x

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = Encoder()

        def forward(self, x, mask):
            return self.encoder(x, mask=mask)
    """
    assert kinds_in(source, "SelfAttention.forward")["is_global"] == DATA


def test_numpy_style_indexing_of_an_unknown_value_is_a_tensor():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x):
            mask = self.make_mask(x)[:, 0, 0, :]
            row = self.make_mask(x)[0]
            return x
    """
    env = kinds_in(source, "Net.forward")
    assert env["mask"] == T
    assert env["row"] == UNK


def test_starred_shapes_spread_into_names_and_map_is_not_constant():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x):
            b, n, device = *x.shape, x.device
            *_, h, w = x.shape
            first, second = map(lambda t: t * 2, (x, x))
            ready = all(isinstance(t, torch.Tensor) for t in (x,))
            return x
    """
    env = kinds_in(source, "Net.forward")
    assert (env["b"], env["n"], env["device"]) == (SIZE, SIZE, CONST)
    assert (env["h"], env["w"]) == (SIZE, SIZE)
    assert env["first"] == T  # what the lambda gives for a tensor item
    assert env["ready"] == CONST


def test_membership_of_a_size_is_a_decision_on_the_size():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x):
            rgb = x.shape[1] in (1, 3)
            known = "a" in ("a", "b")
            hit = x in (0, 1)
            return x
    """
    env = kinds_in(source, "Net.forward")
    assert env["rgb"] == SIZE
    assert env["known"] == CONST
    assert env["hit"] == T


def test_a_helper_called_from_many_modules_reads_a_bounded_sample_of_them(tmp_path, monkeypatch):
    # transformers' attention integrations are called from hundreds of model files: each
    # caller consulted costs a model of it (a parse), so only the first ones by name are read.
    import libcst as cst

    from torchlint.lint.semantic import model as model_module

    from .semantic_helpers import index_project, write_project

    files = {
        "proj/__init__.py": "",
        "proj/helper.py": """
            import torch

            def scale(x, n):
                return x / n
        """,
    }
    for number in range(model_module.MAX_CALLER_MODULES + 6):
        files[f"proj/m{number:02d}.py"] = """
            from torch import nn
            from proj.helper import scale

            class Net(nn.Module):
                def forward(self, x):
                    return scale(x, x.shape[0])
        """
    paths = write_project(tmp_path, files)
    index = index_project(paths)
    built = []
    real_build = model_module._build_model

    def counting_build(index, module):
        built.append(module)
        return real_build(index, module)

    monkeypatch.setattr(model_module, "_build_model", counting_build)
    helper = paths["proj/helper.py"]
    model = model_module.FileModel(
        cst.parse_module(helper.read_text()), index.by_path[str(helper)], index
    )
    assert len(built) == model_module.MAX_CALLER_MODULES
    assert built == sorted(built)  # the same sample every run
    function = next(i for i in model.functions.values() if i.qualname == "scale")
    assert model.inference(function.node).env["n"] == SIZE


def test_dict_methods_of_a_module_output_are_not_tensors():
    # A submodule call is typed a tensor; a loss module returns a dict of losses.
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.criterion = nn.MSELoss()

        def forward(self, x):
            losses = self.criterion(x, x)
            losses.values()
            losses.items()
            losses.keys()
            losses.sum()
            return x
    """
    kinds = expression_kinds(source, "Net.forward")
    assert kinds["losses.values()"] == UNK
    assert kinds["losses.items()"] == UNK
    assert kinds["losses.keys()"] == UNK
    assert kinds["losses.sum()"] == T


def test_typing_re_exports_read_as_typing():
    env = kinds_in(
        """
        import torch
        from torch import nn
        from beartype.typing import List, Optional
        from typing_extensions import Optional as Maybe

        class Net(nn.Module):
            def forward(
                self,
                x: Maybe[torch.Tensor] = None,
                memories: Optional[torch.Tensor] = None,
                states: List[torch.Tensor] = [],
            ):
                return x
        """,
        "Net.forward",
    )
    assert (env["x"], env["memories"], env["states"]) == (Kind.TENSOR, Kind.TENSOR, Kind.TENSORS)


def test_a_tensor_type_test_narrows_the_name_in_each_branch_and_after_an_early_return():
    """`type(x).__name__ == "Tensor"`, `isinstance(x, torch.Tensor)`, `torch.is_tensor(x)`:
    the branch where the test fails holds something else (a list of tensors, a number), and
    so does the code after `if <tensor test>: return ...`."""
    source = """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x, y, z, w):
                if type(x).__name__ == "Tensor":
                    return x.flatten(1)
                rows = x
                if not isinstance(y, torch.Tensor):
                    as_list = y
                else:
                    as_tensor = y
                if torch.is_tensor(z):
                    z = z.float()
                if isinstance(w, torch.Tensor):
                    inside = w
                kept = w
                return rows, as_list, as_tensor, z, inside, kept
    """
    kinds = kinds_in(source, "Net.forward")
    assert kinds["rows"] == UNK
    assert kinds["as_list"] == UNK and kinds["as_tensor"] == T
    assert kinds["z"] == T
    assert kinds["inside"] == T and kinds["kept"] == T  # no branch bound it again


def test_super_forward_is_the_modules_output():
    """A mixin's or subclass's `super().forward(x)` is a module's forward, as `self.m(x)` is."""
    source = """
        import torch
        from torch import nn

        class StatsMixin:
            def forward(self, x):
                y = super().forward(x)
                return y

        class Monitored(StatsMixin, nn.Linear):
            pass
    """
    assert kinds_in(source, "StatsMixin.forward")["y"] == T


def test_a_staticmethod_called_on_self_gets_its_arguments_from_the_first_parameter():
    """`self.pad_to(x, 3)` of a staticmethod passes no self; an autograd Function's
    `apply(x)` still passes `ctx` first."""
    source = """
        import torch
        from torch import nn

        class Model(nn.Module):
            @staticmethod
            def pad_to(x, multiple):
                rem = x.size(-1) % multiple
                return x, rem

            def forward(self, x):
                return self.pad_to(x, 3)
    """
    kinds = kinds_in(source, "Model.pad_to")
    assert kinds["x"] == T and kinds["multiple"] == CONST


def test_numpy_math_of_one_size_is_a_size_and_of_a_shape_numpy_data():
    # torch 2.13: fullgraph compiles int(np.ceil(h.shape[0] / 2)) with a varying size (a number
    # to Dynamo); np.prod(h.shape[1:]) / np.maximum(n, 2) it traces as arrays, and breaks.
    source = """
    import numpy as np
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x):
            chunks = np.ceil(x.shape[0] / 2)
            root = np.sqrt(x.shape[-1])
            flat = np.prod(x.shape[1:])
            floor = np.maximum(x.shape[0], 2)
            return x
    """
    env = kinds_in(source, "Net.forward")
    assert env["chunks"] == SIZE
    assert env["root"] == SIZE
    assert env["flat"] == Kind.SIZE_NDARRAY
    assert env["floor"] == Kind.SIZE_NDARRAY


def test_reduction_pair_fields_and_a_torch_layer_subclass_weight_are_tensors():
    source = """
    import torch
    from torch import nn

    class QuantLinear(nn.Linear):
        def forward(self, x):
            top = x.softmax(-1).max(-1).values
            where = torch.topk(x, 2).indices
            w = self.weight
            return top, where, w
    """
    env = kinds_in(source, "QuantLinear.forward")
    assert env["top"] == T
    assert env["where"] == T
    assert env["w"] == T


def test_lists_grown_with_tensors_and_unique_with_extras_are_tensors():
    source = """
    import torch
    from torch import nn

    class Net(nn.Module):
        def forward(self, x):
            feats = []
            sizes = []
            for i in range(3):
                x = x * 2
                feats.append(x)
                sizes.append(x.shape[0])
            values, inverse = torch.unique(x, return_inverse=True)
            plain = torch.unique(x)
            return feats, sizes, values, plain
    """
    env = kinds_in(source, "Net.forward")
    assert env["feats"] == TS
    assert env["sizes"] != TS
    assert env["values"] == T and env["inverse"] == T
    assert env["plain"] == T


def test_a_tensor_method_on_a_torch_factory_stored_on_self_is_a_tensor():
    source = """
    import torch

    class Scheduler:
        def __init__(self, steps: int = 100):
            self.timesteps = torch.arange(0, steps, 10).flip(0)
            self.count = torch.arange(steps).numel()

        def prev(self, t):
            index = (self.timesteps == t).nonzero().item()
            count = self.count
            return index, count
    """
    env = kinds_in(source, "Scheduler.prev")
    assert env["index"] == DATA
    assert env["count"] != T


def test_a_class_body_literal_read_on_self_is_a_constant_and_a_computed_one_is_not():
    source = """
    import torch
    from torch import nn

    class Tokenizer:
        offset = 3
        vocab = compute_vocab()

        def normalize(self, ids):
            shift = self.offset
            table = self.vocab
            return ids - shift

    class Net(nn.Module):
        offset = 3

        def __init__(self):
            super().__init__()
            self.offset = torch.zeros(1)

        def forward(self, x):
            shift = self.offset
            return x - shift
    """
    env = kinds_in(source, "Tokenizer.normalize")
    assert env["shift"] == CONST
    assert env["table"] == UNK
    # Assigned on self in __init__: what __init__ assigns wins over the class-body default.
    assert kinds_in(source, "Net.forward")["shift"] == T


def test_a_held_objects_buffer_is_a_tensor_and_its_method_learns_argument_kinds():
    source = """
    import torch
    from torch import nn

    class Sampler(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("timesteps", torch.arange(5))
            self.steps = 5

        def step(self, eps, t, t_prev):
            return eps * t

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.sampler = Sampler()

        def forward(self, noise):
            ts = self.sampler.timesteps.tolist()
            count = self.sampler.steps
            out = self.sampler.step(noise, ts[0], -1)
            return out
    """
    env = kinds_in(source, "Model.forward")
    assert env["ts"] == DATA
    assert env["count"] == CONST
    assert env["out"] == T
    step = kinds_in(source, "Sampler.step")
    assert step["eps"] == T and step["t"] == DATA and step["t_prev"] == CONST


def test_a_plain_object_called_from_self_learns_argument_kinds_and_a_factory_its_class():
    source = """
    import torch
    from torch import nn

    class RayBounds:
        def __call__(self, rays):
            near = float(rays.norm(dim=-1).min())
            return near

    class Heads(nn.ModuleDict):
        @classmethod
        def build(cls, dim):
            return cls({"a": nn.Linear(dim, 2)})

        def route(self, task, feats):
            key = task
            return feats

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.bounds = RayBounds()
            self.heads = Heads.build(4)

        def forward(self, rays, task):
            near = self.bounds(rays)
            return self.heads.route(task, rays * near)
    """
    assert kinds_in(source, "RayBounds.__call__")["rays"] == T
    assert kinds_in(source, "Model.forward")["near"] == DATA
    # `Heads.build(...)` makes a Heads: its methods are reached and learn their arguments.
    assert kinds_in(source, "Heads.route")["key"] == T


def test_kinds_of_state_queries_data_lists_array_views_and_groupby_keys() -> None:
    env = kinds_in(
        """
        import itertools
        import numpy as np
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x, labels):
                deterministic = torch.are_deterministic_algorithms_enabled()
                precision = torch.get_float32_matmul_precision()
                weights = [float(v) for v in labels.tolist()]
                shapes = [float(n) for n in x.shape]
                arr = x.numpy()
                view = arr.T
                for key, group in itertools.groupby(labels.tolist()):
                    pass
                return x
        """,
        "Net.forward",
    )
    assert env["deterministic"] == CONST
    assert env["precision"] == CONST
    assert env["weights"] == DATA
    assert env["shapes"] != DATA
    assert env["view"] == Kind.NDARRAY
    assert env["key"] == DATA


def test_kinds_of_range_operands_type_names_and_lambda_items() -> None:
    source = """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x, num_steps, lengths):
                step = 50 // num_steps
                for i in range(0, 50, step):
                    x = x * 2
                for j in range(lengths[0]):
                    x = x + 1
                name = x.type()
                kept = list(filter(lambda v: v.abs().sum() > 0, [x, x * 2]))
                return x
        """
    env = kinds_in(source, "Net.forward")
    assert env["num_steps"] != T  # a range operand is a Python number
    assert env["lengths"] == T  # an element of it is read by range(): still a tensor
    assert env["name"] == CONST
    assert env["kept"] == TS


def test_a_forward_parameter_used_as_a_slice_bound_is_a_number() -> None:
    # demucs' decoder layer: `z[..., self.pad:self.pad + length]`, then a size check on it.
    env = kinds_in(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x, length, mask):
                z = x[..., 1:1 + length]
                assert z.shape[-1] == length
                return z[:, : mask.sum()]
        """,
        "Net.forward",
    )
    assert env["length"] != T
    assert env["mask"] == T  # read through a call in the bound: a tensor still


def test_module_constants_computed_from_constants_are_constants() -> None:
    env = kinds_in(
        """
        import math
        from torch import nn

        SEMITONE = 2.0 ** (1.0 / 12.0)
        LOG2 = math.log(2.0)
        ALIAS = SEMITONE

        class Net(nn.Module):
            def forward(self, x, steps):
                rate = SEMITONE ** float(steps)
                scale = LOG2 * ALIAS
                return x
        """,
        "Net.forward",
    )
    assert env["rate"] == DATA
    assert env["scale"] == CONST


def test_star_parameters_take_the_kinds_call_sites_pass_into_them() -> None:
    source = """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.T, self.eps = 4.0, 1e-5

            def record(self, *pieces, **stats):
                values = [v for k, v in stats.items()]
                first = stats["mean"]
                item = pieces[0]
                scale = self.T
                return first

            def forward(self, x):
                self.record(x, x * 2, mean=x.mean(), peak=x.max())
                self.plain(mode=x.mean(), **{"other": "fast"})
                return x

            def plain(self, **options):
                value = options["mode"]
                return value

            def run(self, x):
                return (x.argmax(-1) == x.argmin(-1)).float()
        """
    env = kinds_in(source, "Net.record")
    assert env["values"] == TS  # every value is a tensor passed as a keyword
    assert env["first"] == T
    assert env["pieces"] == TS
    assert env["item"] == T
    assert env["scale"] == CONST  # `self.T, self.eps = 4.0, 1e-5` binds each attribute
    plain = kinds_in(source, "Net.plain")
    assert plain["value"] == UNK  # `**{...}` passed values of unknown kinds too
    # `run` is no graph code: `x` is of unknown kind there, yet only a tensor has `.float()`.
    assert expression_kinds(source, "Net.run")["(x.argmax(-1) == x.argmin(-1)).float()"] == T


def test_a_mixins_self_attribute_takes_the_kind_the_classes_it_runs_on_give_it() -> None:
    source = """
        import torch
        from torch import nn

        class UsageMixin:
            def track(self, onehot):
                usage = self.usage
                codes = self.codes
                return usage

        class Quantizer(UsageMixin, nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("usage", torch.ones(4))
                self.codes = 4

            def forward(self, z):
                self.track(z)
                return z
        """
    env = kinds_in(source, "UsageMixin.track")
    assert env["usage"] == T
    assert env["codes"] == CONST


def test_a_spread_shape_gives_sizes_to_the_parameters_it_fills() -> None:
    source = """
        import torch
        from torch import nn

        class Net(nn.Module):
            def bucket(self, h, w, scale=2):
                ratio = w / h
                factor = scale
                return ratio

            def forward(self, img):
                self.bucket(*img.shape[-2:])
                return img
        """
    env = kinds_in(source, "Net.bucket")
    assert env["h"] == SIZE and env["w"] == SIZE
    assert env["factor"] == CONST  # a parameter with a default is not filled by the spread


def test_a_property_read_on_self_has_its_getters_return_kind():
    source = """
    import torch
    from torch import nn

    class Gate(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("seen", torch.zeros((), dtype=torch.long))
            self.fc = nn.Linear(4, 4)

        @property
        def warmed_up(self):
            return self.seen >= 3

        @property
        def width(self):
            return 4

        def forward(self, x):
            ready = self.warmed_up
            size = self.width
            return self.fc(x)
    """
    env = kinds_in(source, "Gate.forward")
    assert env["ready"] == T
    assert env["size"] == CONST


def test_a_value_of_unknown_kind_with_a_tensor_only_method_gives_a_tensor():
    # `f(x0)` of a callable parameter is of unknown kind; `.norm()` only tensors have.
    source = """
    import torch

    def solve(f, x0):
        y = f(x0)
        size = y.norm()
        probs = y.softmax(-1)
        return size, probs
    """
    env = kinds_in(source, "solve")
    assert env["y"] == UNK
    assert env["size"] == T and env["probs"] == T
