# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PromptPrefixWriter(nn.Module):
    """NLP prompt tuning: learned soft-prompt vectors written over the first positions with torch.slice_scatter."""

    def __init__(self, n_prompt: int = 3, d: int = 8):
        super().__init__()
        self.prompt = nn.Parameter(torch.randn(n_prompt, d))
        self.n_prompt = n_prompt

    def forward(self, emb):
        p = self.prompt.unsqueeze(0).expand(emb.shape[0], -1, -1)
        return torch.slice_scatter(emb, p, dim=1, start=0, end=self.n_prompt)


Model = PromptPrefixWriter


def inputs():
    torch.manual_seed(5521)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 9, 8),)]
