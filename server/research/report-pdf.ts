// The cysmo report: a PDF (pdfkit) with the company, the score and its factors, every scan finding with its evidence
// and recommendation, the controls and the guidelines. Text only (built-in Helvetica), no remote content.
import PDFDocument from 'pdfkit';
import type { Control, CysmoEvidence, GuidelineResult, RiskScoreEvidence, Section, SectionKey } from '../../domain/schemas/research-search';

export interface ReportInput {
  company: string;
  site: string;
  location: string;
  createdAt: string;
  sections: Section[];
}

const evidenceOf = <T>(sections: Section[], key: SectionKey): T | null => {
  const section = sections.find((item) => item.Key === key);
  return section?.Status === 'success' ? (section.Evidence as T) : null;
};

export function renderReport(input: ReportInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Cysmo report: ${input.company}`, Creator: 'AI governance console' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(18).text(`Cysmo report: ${input.company}`);
    doc.fontSize(10).fillColor('#555555').text(`Site: ${input.site || 'none given'}   Location: ${input.location || 'not given'}   Searched: ${input.createdAt}`);
    doc.moveDown();

    const score = evidenceOf<RiskScoreEvidence>(input.sections, 'riskScore');
    doc.fillColor('#000000').fontSize(14).text('Risk score');
    if (score) {
      doc.fontSize(11).text(`Score ${score.Score} / 100 (higher is safer), risk ${score.Level}`);
      doc.fontSize(8).fillColor('#555555').text(score.Formula).fillColor('#000000');
      for (const factor of score.Factors) doc.fontSize(9).text(`${factor.Points}  ${factor.Factor} (${factor.Detail})`);
    } else doc.fontSize(10).text('No score: the scan did not complete.');
    doc.moveDown();

    const cysmo = evidenceOf<CysmoEvidence>(input.sections, 'cysmo');
    doc.fontSize(14).text('Findings');
    if (cysmo) {
      doc.fontSize(9).fillColor('#555555').text(`Domain ${cysmo.Domain}, host ${cysmo.Host}, scanned ${cysmo.StartedAt}`).fillColor('#000000');
      for (const finding of cysmo.Findings) {
        doc.moveDown(0.4).fontSize(10).text(`${finding.result.toUpperCase()} [${finding.severity}] ${finding.title} (${finding.check})`);
        for (const line of finding.evidence.slice(0, 6)) doc.fontSize(8).text(`  Evidence: ${line}`);
        if (finding.recommendation) doc.fontSize(8).text(`  Recommendation: ${finding.recommendation}`);
      }
    } else doc.fontSize(10).text('The scan did not complete.');
    doc.moveDown();

    const controls = evidenceOf<{ Controls: Control[] }>(input.sections, 'control');
    if (controls) {
      doc.fontSize(14).text('Controls');
      for (const control of controls.Controls) doc.fontSize(9).text(`${control.Title}: ${control.Status.replace('_', ' ')}${control.Missing.length ? ` — missing: ${control.Missing.join('; ')}` : ''}`);
      doc.moveDown();
    }
    const guidelines = evidenceOf<{ Results: GuidelineResult[] }>(input.sections, 'guidelines');
    if (guidelines) {
      doc.fontSize(14).text('Guidelines');
      for (const result of guidelines.Results) doc.fontSize(9).text(`${result.Result.toUpperCase()}  ${result.Name}: ${result.Reason}`);
    }
    doc.end();
  });
}
