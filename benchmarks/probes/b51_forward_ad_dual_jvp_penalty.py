# ruff: noqa  (a probe is written as users write models)
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn as nn


class JacobianRegularisedODEFunc(nn.Module):
    """Returns f(x) and a Hutchinson-style ||J v||^2 estimate computed with forward-mode AD."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 16), nn.Tanh(), nn.Linear(16, d))

    def forward(self, x, v):
        with fwAD.dual_level():
            dual_x = fwAD.make_dual(x, v)
            dual_out = self.net(dual_x)
            out, jvp = fwAD.unpack_dual(dual_out)
        return out, jvp.pow(2).sum(-1).mean()


Model = JacobianRegularisedODEFunc


def inputs():
    torch.manual_seed(5121)
    return [(torch.randn(3, 6), torch.randn(3, 6)), (torch.randn(5, 6), torch.randn(5, 6))]
