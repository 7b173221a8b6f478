import PDFDocument from 'pdfkit';
import { formatFoodCostPercent, formatMoney, type Recipe } from '@stockpot/domain';

/** The chosen recipes, one after another: description, ingredients with their costs, totals, procedure. */
export function renderRecipesPdf(recipes: Recipe[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 48, info: { Title: 'Recipes' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    recipes.forEach((recipe, index) => {
      if (index > 0) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(18).text(recipe.name);
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor('#555')
        .text(`${recipe.menu.name}${recipe.isSubRecipe ? ' · Sub-recipe' : ''}`);
      doc.moveDown(0.5).fillColor('#000');
      if (recipe.isSubRecipe) doc.text(`Yield: ${recipe.subRecipeYield ?? ''} ${recipe.subRecipeYieldUom ?? ''}`);
      else doc.text(`Menu Price: ${recipe.price === null ? '—' : formatMoney(recipe.price)}`);
      doc.text(`Total Cost: ${formatMoney(recipe.totalCost)}`);
      if (!recipe.isSubRecipe) {
        doc.text(`Margin: ${recipe.marginGrossProfit === null ? '—' : formatMoney(recipe.marginGrossProfit)}`);
        doc.text(`Food Cost %: ${formatFoodCostPercent(recipe.foodCostPercent)}`);
      }
      if (recipe.description) doc.moveDown(0.5).text(recipe.description);
      doc.moveDown().font('Helvetica-Bold').fontSize(12).text('Ingredients');
      doc.font('Helvetica').fontSize(10);
      if (recipe.ingredients.length === 0) doc.text('No ingredients have been added.');
      for (const ingredient of recipe.ingredients) {
        const cost = ingredient.ingredientCosting === null ? 'not convertible' : formatMoney(ingredient.ingredientCosting);
        const waste = ingredient.waste_percentage > 0 ? `, ${ingredient.waste_percentage}% waste` : '';
        doc.text(
          `${ingredient.recipe_amount_fraction} ${ingredient.recipe_pack_size_uom}  ${ingredient.name}${waste}  —  ${cost}`,
        );
      }
      if (recipe.procedure) {
        doc.moveDown().font('Helvetica-Bold').fontSize(12).text('Procedure');
        doc.font('Helvetica').fontSize(10).text(recipe.procedure);
      }
    });
    doc.end();
  });
}
