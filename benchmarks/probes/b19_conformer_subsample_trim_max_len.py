import torch
from torch import nn


class Conv2dSubsampling4(nn.Module):
    def __init__(self, idim=16, odim=8):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, odim, 3, 2), nn.ReLU(), nn.Conv2d(odim, odim, 3, 2), nn.ReLU())
        self.out = nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)

    def forward(self, x, x_lens):
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.size()
        x = self.out(x.transpose(1, 2).contiguous().view(b, t, c * f))
        return x, ((x_lens - 1) // 2 - 1) // 2


class Model(nn.Module):
    def __init__(self, n_mels=16, d=8, vocab=6):
        super().__init__()
        self.subsample = Conv2dSubsampling4(n_mels, d)
        self.encoder = nn.TransformerEncoderLayer(d, 2, 16, dropout=0.0, batch_first=True)
        self.ctc = nn.Linear(d, vocab)

    def forward(self, feats, feat_lens):
        x, lens = self.subsample(feats, feat_lens)
        max_len = int(lens.max())  # breaks: compile,export,trace
        x = x[:, :max_len]
        pad_mask = torch.arange(max_len)[None] >= lens[:, None]
        return self.ctc(self.encoder(x, src_key_padding_mask=pad_mask)).log_softmax(-1)


def inputs():
    torch.manual_seed(24)
    return [(torch.randn(2, 40, 16), torch.tensor([40, 22])), (torch.randn(3, 64, 16), torch.tensor([30, 64, 18])),
            (torch.randn(2, 40, 16), torch.tensor([25, 19]))]
