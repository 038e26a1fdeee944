import torch
import torch.nn as nn
import torch.nn.functional as F


class Conv2dSubsampling(nn.Module):
    def __init__(self, idim, odim):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, odim, 3, 2), nn.ReLU(), nn.Conv2d(odim, odim, 3, 2), nn.ReLU())
        self.out = nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)

    def forward(self, x):
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.size()
        return self.out(x.transpose(1, 2).reshape(b, t, c * f))


class Model(nn.Module):
    def __init__(self, idim=20, odim=8, vocab=6):
        super().__init__()
        self.embed = Conv2dSubsampling(idim, odim)
        self.ctc_lo = nn.Linear(odim, vocab)

    def forward(self, feats, targets, target_lengths):
        hs = self.embed(feats)
        log_probs = F.log_softmax(self.ctc_lo(hs), dim=-1).transpose(0, 1)
        T, B = log_probs.shape[:2]
        input_lengths = torch.full((B,), T, dtype=torch.long, device=feats.device)
        return F.ctc_loss(log_probs, targets, input_lengths, target_lengths, reduction="none", zero_infinity=True)  # breaks: compile,export


def inputs():
    torch.manual_seed(53)
    return [
        (torch.randn(2, 30, 20), torch.randint(1, 6, (2, 3)), torch.tensor([3, 2])),
        (torch.randn(3, 42, 20), torch.randint(1, 6, (3, 4)), torch.tensor([4, 2, 3])),
    ]
