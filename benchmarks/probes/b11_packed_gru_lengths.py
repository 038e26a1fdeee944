import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class UtteranceEncoder(nn.Module):
    def __init__(self, n_mels: int = 6, hidden: int = 8):
        super().__init__()
        self.rnn = nn.GRU(n_mels, hidden, batch_first=True, bidirectional=True)

    def forward(self, feats, lengths):
        lengths = lengths.cpu()
        packed = pack_padded_sequence(feats, lengths, True, False)  # breaks: compile
        out, _ = self.rnn(packed)  # breaks: export
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=feats.shape[1])
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = UtteranceEncoder()
        self.classifier = nn.Linear(16, 3)

    def forward(self, feats, lengths):
        out = self.encoder(feats, lengths)
        mask = (torch.arange(feats.shape[1])[None] < lengths[:, None]).unsqueeze(-1)
        pooled = (out * mask).sum(1) / lengths[:, None]
        return self.classifier(pooled)


def inputs():
    return [
        (torch.randn(3, 5, 6), torch.tensor([5, 2, 4])),
        (torch.randn(3, 5, 6), torch.tensor([3, 5, 1])),
    ]
