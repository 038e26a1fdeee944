import torch
from torch import nn
from torch.nn.utils.rnn import pad_sequence


class CTCGreedyDecoder:
    def __init__(self, blank: int = 0, pad_id: int = -1):
        self.blank = blank
        self.pad_id = pad_id

    def __call__(self, log_probs):
        best = log_probs.argmax(-1)
        hyps = []
        for seq in best:
            collapsed = torch.unique_consecutive(seq)
            hyps.append(collapsed[collapsed != self.blank])
        return pad_sequence(hyps, batch_first=True, padding_value=self.pad_id)  # breaks: compile


class Model(nn.Module):
    def __init__(self, feat: int = 12, vocab: int = 6):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv1d(feat, 16, 3, padding=1), nn.ReLU(), nn.Conv1d(16, 16, 3, padding=1)
        )
        self.proj = nn.Linear(16, vocab)
        self.decode = CTCGreedyDecoder()

    def forward(self, feats):
        h = self.encoder(feats.transpose(1, 2)).transpose(1, 2)
        log_probs = self.proj(h).log_softmax(-1)
        return self.decode(log_probs)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 10, 12),), (torch.randn(2, 10, 12),)]
