import torch
from torch import nn


class Predictor(nn.Module):
    def __init__(self, vocab, dim, blank):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.LSTMCell(dim, dim)
        self.blank = blank

    def step(self, token, state):
        h, c = self.rnn(self.embed(token), state)
        return h, (h, c)


class Joiner(nn.Module):
    def __init__(self, enc_dim, pred_dim, joint_dim, vocab):
        super().__init__()
        self.enc_proj, self.pred_proj = nn.Linear(enc_dim, joint_dim), nn.Linear(pred_dim, joint_dim)
        self.out = nn.Linear(joint_dim, vocab)

    def forward(self, f, g):
        return self.out(torch.tanh(self.enc_proj(f) + self.pred_proj(g)))


class GreedyTransducer(nn.Module):
    def __init__(self, feat_dim=8, enc_dim=16, vocab=6, max_symbols=3):
        super().__init__()
        self.blank = vocab - 1
        self.encoder = nn.GRU(feat_dim, enc_dim, batch_first=True)
        self.predictor = Predictor(vocab, 12, self.blank)
        self.joiner = Joiner(enc_dim, 12, 16, vocab)
        self.max_symbols = max_symbols

    def forward(self, feats):
        enc, _ = self.encoder(feats)  # breaks: compile
        state = (enc.new_zeros(1, 12), enc.new_zeros(1, 12))
        g, state = self.predictor.step(torch.tensor([self.blank]), state)
        hyp, scores = [], []
        for t in range(enc.size(1)):
            emitted = 0
            while emitted < self.max_symbols:
                logp = self.joiner(enc[:, t], g).log_softmax(-1)
                score, k = logp.max(-1)
                if k == self.blank:  # breaks: compile,export,trace
                    break
                hyp.append(k)
                scores.append(score)
                g, state = self.predictor.step(k, state)
                emitted += 1
        if not hyp:
            return enc.new_zeros(0, dtype=torch.long), enc.new_zeros(())
        return torch.cat(hyp), torch.stack(scores).sum()


Model = GreedyTransducer


def inputs():
    torch.manual_seed(3218)
    return [(torch.randn(1, 6, 8),), (torch.randn(1, 6, 8) * 4,), (torch.randn(1, 4, 8),)]
