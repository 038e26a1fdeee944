import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalConvEncoder(nn.Module):
    def __init__(self, emb=24, hidden=32, kernel=3, layers=2):
        super().__init__()
        self.kernel = kernel
        self.convs = nn.ModuleList(nn.Conv1d(emb if i == 0 else hidden, 2 * hidden, kernel) for i in range(layers))

    def forward(self, x):
        x = x.transpose(1, 2)
        for conv in self.convs:
            x = F.glu(conv(F.pad(x, (self.kernel - 1, 0))), dim=1)
        return x.transpose(1, 2)


class GatedConvLM(nn.Module):
    def __init__(self, vocab=200, emb=24, hidden=32, cutoffs=(20, 80)):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.encoder = CausalConvEncoder(emb, hidden)
        self.drop = nn.Dropout(0.1)
        self.crit = nn.AdaptiveLogSoftmaxWithLoss(hidden, vocab, cutoffs=list(cutoffs), div_value=2.0)

    def encode(self, tokens):
        out = self.encoder(self.drop(self.embed(tokens)))
        return out.reshape(-1, out.size(-1))

    def forward(self, tokens, targets):
        hidden = self.encode(tokens)
        result = self.crit(hidden, targets.reshape(-1))
        return result.output.view_as(targets), result.loss


Model = GatedConvLM


def inputs():
    torch.manual_seed(3520)
    return [(torch.randint(0, 200, (2, 7)), torch.randint(0, 200, (2, 7))), (torch.randint(0, 200, (3, 5)), torch.randint(0, 200, (3, 5)))]
