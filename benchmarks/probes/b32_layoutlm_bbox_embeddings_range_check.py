import torch
from torch import nn


class LayoutEmbeddings(nn.Module):
    def __init__(self, vocab=50, hidden=16, max_2d=1024, max_pos=64):
        super().__init__()
        self.word = nn.Embedding(vocab, hidden)
        self.position = nn.Embedding(max_pos, hidden)
        self.x_position = nn.Embedding(max_2d, hidden)
        self.y_position = nn.Embedding(max_2d, hidden)
        self.h_position = nn.Embedding(max_2d, hidden)
        self.w_position = nn.Embedding(max_2d, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.register_buffer("position_ids", torch.arange(max_pos).unsqueeze(0), persistent=False)

    def spatial(self, bbox):
        try:
            left = self.x_position(bbox[:, :, 0])
            upper = self.y_position(bbox[:, :, 1])
            right = self.x_position(bbox[:, :, 2])
            lower = self.y_position(bbox[:, :, 3])
        except IndexError as e:
            raise IndexError("The `bbox` coordinate values should be within 0-1000 range.") from e
        h = self.h_position(bbox[:, :, 3] - bbox[:, :, 1])
        w = self.w_position(bbox[:, :, 2] - bbox[:, :, 0])
        return left + upper + right + lower + h + w

    def forward(self, input_ids, bbox):
        pos = self.position(self.position_ids[:, : input_ids.size(1)])
        return self.norm(self.word(input_ids) + pos + self.spatial(bbox))


class LayoutTokenClassifier(nn.Module):
    def __init__(self, hidden=16, n_labels=5):
        super().__init__()
        self.embeddings = LayoutEmbeddings(hidden=hidden)
        self.encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(hidden, 2, 32, 0.0, batch_first=True), 1)
        self.classifier = nn.Linear(hidden, n_labels)

    def forward(self, input_ids, bbox):
        return self.classifier(self.encoder(self.embeddings(input_ids, bbox)))


Model = LayoutTokenClassifier


def inputs():
    torch.manual_seed(3209)
    def boxes(b, t):
        xy = torch.randint(0, 500, (b, t, 2))
        return torch.cat([xy, xy + torch.randint(1, 400, (b, t, 2))], -1)
    return [(torch.randint(0, 50, (2, 6)), boxes(2, 6)), (torch.randint(0, 50, (2, 9)), boxes(2, 9))]
