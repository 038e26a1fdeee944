import torch
import torch.nn as nn


class ActiveTokenSelector(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, tokens):
        flags = (self.score(tokens).squeeze(-1) > 0).tolist()  # breaks: compile,trace
        keep = []
        for i, on in enumerate(flags):
            if on:  # breaks: export
                keep.append(i)
        idx = torch.tensor(keep, dtype=torch.long)
        return tokens.index_select(0, idx).sum(0)


Model = ActiveTokenSelector


def inputs():
    torch.manual_seed(4)
    return [(torch.randn(12, 8),), (torch.randn(12, 8) + 0.5,), (torch.randn(12, 8) - 0.5,)]
