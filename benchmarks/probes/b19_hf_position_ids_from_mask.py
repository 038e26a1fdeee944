import torch
from torch import nn


def create_position_ids_from_input_ids(input_ids, padding_idx, past_key_values_length=0):
    mask = input_ids.ne(padding_idx).int()
    incremental = (torch.cumsum(mask, dim=1).type_as(mask) + past_key_values_length) * mask
    return incremental.long() + padding_idx


class RobertaEmbeddings(nn.Module):
    def __init__(self, vocab_size=40, hidden=16, max_pos=64, pad_token_id=1, layer_norm_eps=1e-5):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab_size, hidden, padding_idx=pad_token_id)
        self.position_embeddings = nn.Embedding(max_pos, hidden, padding_idx=pad_token_id)
        self.LayerNorm = nn.LayerNorm(hidden, eps=layer_norm_eps)
        self.padding_idx = pad_token_id

    def forward(self, input_ids=None, position_ids=None, past_key_values_length=0):
        if position_ids is None:
            position_ids = create_position_ids_from_input_ids(input_ids, self.padding_idx, past_key_values_length)
        emb = self.word_embeddings(input_ids) + self.position_embeddings(position_ids)
        return self.LayerNorm(emb)


class Model(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.embeddings = RobertaEmbeddings(**kwargs)
        self.pooler = nn.Linear(16, 16)

    def forward(self, input_ids):
        h = self.embeddings(input_ids=input_ids)
        return torch.tanh(self.pooler(h[:, 0]))


def inputs():
    torch.manual_seed(19)
    a = torch.randint(2, 40, (2, 7)); a[1, 4:] = 1
    b = torch.randint(2, 40, (3, 11)); b[0, 2:] = 1
    return [(a,), (b,)]
