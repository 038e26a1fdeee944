# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CRF(nn.Module):
    """Linear-chain CRF decoder for one sentence: max-product forward pass, then the best path
    followed back through the back-pointers as Python ints."""

    def __init__(self, n_tags: int):
        super().__init__()
        self.transitions = nn.Parameter(0.1 * torch.randn(n_tags, n_tags))

    def forward(self, emissions: torch.Tensor) -> torch.Tensor:
        score = emissions[0]
        history = []
        for emit in emissions[1:]:
            best, back = (score[:, None] + self.transitions).max(dim=0)
            score = best + emit
            history.append(back)
        tags = [score.argmax().item()]  # breaks: compile,trace
        for back in history[::-1]:
            tags.append(back[tags[-1]].item())  # breaks: script
        tags.reverse()
        return torch.tensor(tags)


class Model(nn.Module):
    """CNN-CRF tagger: per-token emissions from a 1-D convolution, Viterbi decoding to tag ids."""

    def __init__(self, d: int = 6, n_tags: int = 4):
        super().__init__()
        self.conv = nn.Conv1d(d, 8, 3, padding=1)
        self.emit = nn.Linear(8, n_tags)
        self.crf = CRF(n_tags)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        out = self.conv(tokens.t().unsqueeze(0)).relu()[0].t()
        return self.crf(self.emit(out))


def inputs():
    torch.manual_seed(6729)
    return [(torch.randn(5, 6) * 3,), (torch.randn(5, 6) * 3,)]
