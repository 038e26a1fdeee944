# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def log_sum_exp(vec, dim=-1):
    max_score, _ = vec.max(dim)
    return max_score + torch.log(torch.sum(torch.exp(vec - max_score.unsqueeze(dim)), dim))


class LinearChainCRF(nn.Module):
    def __init__(self, num_tags):
        super().__init__()
        self.num_tags = num_tags
        self.start_transitions = nn.Parameter(torch.randn(num_tags) * 0.1)
        self.end_transitions = nn.Parameter(torch.randn(num_tags) * 0.1)
        self.transitions = nn.Parameter(torch.randn(num_tags, num_tags) * 0.1)

    def _score(self, emissions, tags, mask):
        seq_len, batch = tags.shape
        score = self.start_transitions[tags[0]] + emissions[0, torch.arange(batch), tags[0]]
        for i in range(1, seq_len):
            step = self.transitions[tags[i - 1], tags[i]] + emissions[i, torch.arange(batch), tags[i]]
            score = score + step * mask[i]
        seq_ends = mask.long().sum(dim=0) - 1
        last_tags = tags[seq_ends, torch.arange(batch)]
        return score + self.end_transitions[last_tags]

    def _partition(self, emissions, mask):
        seq_len = emissions.size(0)
        alpha = self.start_transitions + emissions[0]
        for i in range(1, seq_len):
            broadcast = alpha.unsqueeze(2) + self.transitions + emissions[i].unsqueeze(1)
            nxt = log_sum_exp(broadcast, dim=1)
            alpha = torch.where(mask[i].unsqueeze(1), nxt, alpha)
        return log_sum_exp(alpha + self.end_transitions, dim=1)

    def forward(self, emissions, tags, mask):
        # time-major: emissions (T, B, K), tags (T, B), mask (T, B)
        return (self._partition(emissions, mask) - self._score(emissions, tags, mask.float())).mean()


class ConvCRFTagger(nn.Module):
    def __init__(self, vocab=40, dim=8, num_tags=5):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)
        self.emit = nn.Linear(dim, num_tags)
        self.crf = LinearChainCRF(num_tags)

    def forward(self, tokens, tags):
        mask = tokens != 0
        h = torch.relu(self.conv(self.embed(tokens).transpose(1, 2))).transpose(1, 2)
        emissions = self.emit(h)
        return self.crf(emissions.transpose(0, 1), tags.t(), mask.t())


Model = ConvCRFTagger


def inputs():
    torch.manual_seed(4325)
    return [
        (torch.tensor([[4, 8, 2, 9, 0], [3, 5, 0, 0, 0]]), torch.randint(0, 5, (2, 5))),
        (torch.tensor([[1, 2, 3, 4, 5, 6, 7, 8], [9, 9, 9, 0, 0, 0, 0, 0]]), torch.randint(0, 5, (2, 8))),
    ]
