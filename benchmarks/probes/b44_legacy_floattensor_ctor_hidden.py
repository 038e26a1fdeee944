# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AttnDecoderStep(nn.Module):
    """Bahdanau-style attention over encoder states, context initialised the old way."""

    def __init__(self, dim=10):
        super().__init__()
        self.dim = dim
        self.attn = nn.Linear(2 * dim, 1)
        self.cell = nn.GRUCell(2 * dim, dim)

    def forward(self, enc):
        batch, steps, _ = enc.size()
        context = torch.FloatTensor(batch, self.dim).zero_()
        state = torch.FloatTensor(batch, self.dim).fill_(0.0)
        scores = self.attn(torch.cat([enc, state.unsqueeze(1).expand(-1, steps, -1)], -1)).squeeze(-1)
        weights = F.softmax(scores, dim=1)
        context = context + torch.bmm(weights.unsqueeze(1), enc).squeeze(1)
        return self.cell(torch.cat([context, enc[:, -1]], -1), state)


Model = AttnDecoderStep


def inputs():
    torch.manual_seed(5)
    return [(torch.randn(2, 6, 10),), (torch.randn(3, 4, 10),)]
