import torch
from torch import nn


class LinearChainCRF(nn.Module):
    def __init__(self, num_tags: int):
        super().__init__()
        self.transitions = nn.Parameter(torch.randn(num_tags, num_tags) * 0.1)
        self.start = nn.Parameter(torch.randn(num_tags) * 0.1)
        self.end = nn.Parameter(torch.randn(num_tags) * 0.1)

    def viterbi_decode(self, emissions):
        # emissions: (seq_len, num_tags), a single sequence
        score = self.start + emissions[0]
        history = []
        for emission in emissions[1:]:
            total = score.unsqueeze(1) + self.transitions + emission.unsqueeze(0)
            score, indices = total.max(dim=0)
            history.append(indices)
        score = score + self.end
        best_last = score.argmax().item()  # breaks: compile,trace
        best_path = [best_last]
        for indices in reversed(history):
            best_last = indices[best_last].item()
            best_path.append(best_last)
        best_path.reverse()
        return best_path

    def forward(self, emissions):
        return [self.viterbi_decode(e) for e in emissions]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(8, 8), nn.Tanh())
        self.emit = nn.Linear(8, 5)
        self.crf = LinearChainCRF(5)

    def forward(self, x):
        h = self.encoder(x)
        paths = self.crf(self.emit(h))
        return torch.tensor(paths)


def inputs():
    return [(torch.randn(2, 6, 8),), (torch.randn(2, 6, 8) * 2,)]
