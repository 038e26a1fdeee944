# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SuffixLogSumExp(nn.Module):
    """Backward (suffix) log-partition, as in CTC/HMM style scoring."""

    def forward(self, scores):
        rev = torch.flip(scores, dims=[1])
        return torch.flip(torch.logcumsumexp(rev, dim=1), dims=[1])


Model = SuffixLogSumExp


def inputs():
    torch.manual_seed(4805)
    return [(torch.randn(2, 6),), (torch.randn(3, 11),)]
